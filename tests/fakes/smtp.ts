// A local SMTP receiver (smtp-server on 127.0.0.1) that parses every message with postal-mime.
// reject(address, code, times) refuses that recipient with the SMTP reply code (550 permanent,
// 451 temporary) the next `times` times.
import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  envelopeFrom: string;
  parsed: Email;
}

export interface FakeSmtp {
  url: string;
  received: ReceivedMail[];
  reject(address: string, code: number, times?: number): void;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const rejections = new Map<string, { code: number; times: number }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const r = rejections.get(address.address);
      if (r && r.times > 0) {
        r.times -= 1;
        const err = Object.assign(new Error('Mailbox unavailable (fake)'), {
          responseCode: r.code,
        });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((parsed) => {
            received.push({
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              parsed,
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    reject: (address, code, times = 1) => {
      rejections.set(address, { code, times });
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
