// ESC/POS over raw TCP (issue 29; docs/protocols/escpos.md): connect to the printer, ask its
// status (DLE EOT 2 and 4), write the ticket, ask again, close. A ticket counts as printed once
// every byte is written and the status after it reports no error; paper out, cover open and an
// unreachable printer are reported so the caller retries. A printer has no acknowledgement for
// print data: if the connection breaks after the bytes went out, nobody can tell whether it
// printed (the caller records that as unknown and does not send again on its own).
import { Socket } from 'node:net';

export type PrinterCondition = 'online' | 'paper_low' | 'paper_out' | 'cover_open' | 'error';

export class PrinterError extends Error {
  constructor(
    message: string,
    readonly condition: PrinterCondition | 'unreachable',
    /** Bytes of the ticket may have reached the printer: do not resend without the merchant. */
    readonly maybePrinted: boolean,
  ) {
    super(message);
    this.name = 'PrinterError';
  }
}

const DLE_EOT = (n: number) => Buffer.from([0x10, 0x04, n]);

/** The printer's condition from its answers to DLE EOT 2 (off-line cause) and 4 (paper sensor). */
export function conditionOf(offline: number, paper: number): PrinterCondition {
  if (offline & 0x04) return 'cover_open';
  if (paper & 0x60 || offline & 0x20) return 'paper_out';
  if (offline & 0x40) return 'error';
  if (paper & 0x0c) return 'paper_low';
  return 'online';
}

/** A socket that reads exactly n answer bytes at a time, within the time-out. */
class PrinterLink {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  private failure: Error | null = null;
  constructor(private readonly socket: Socket) {
    socket.on('data', (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiting?.();
    });
    socket.on('error', (err) => {
      this.failure = err;
      this.waiting?.();
    });
    socket.on('close', () => {
      this.failure ??= new Error('the printer closed the connection');
      this.waiting?.();
    });
  }
  async read(n: number, timeoutMs: number): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    while (this.buffer.length < n) {
      if (this.failure) throw this.failure;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('the printer did not answer its status query');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiting = null;
    }
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return out;
  }
  write(bytes: Buffer): Promise<void> {
    return new Promise((resolve, reject) =>
      this.socket.write(bytes, (err) => (err ? reject(err) : resolve())),
    );
  }
}

async function status(link: PrinterLink, timeoutMs: number): Promise<PrinterCondition> {
  await link.write(Buffer.concat([DLE_EOT(2), DLE_EOT(4)]));
  const [offline, paper] = await link.read(2, timeoutMs);
  return conditionOf(offline!, paper!);
}

export interface EscPosSend {
  host: string;
  port: number;
  bytes: Buffer;
  timeoutMs: number;
  /**
   * Runs once the printer said it is ready, just before the first byte of the ticket is written:
   * the caller records that the ticket may now print (a crash after it cannot be resent blindly).
   * If it throws, nothing is written.
   */
  beforeWrite?: () => Promise<void>;
}

/** Prints `bytes` on the printer at host:port (an address the caller has already allowed). */
export async function printOverTcp(job: EscPosSend): Promise<{ condition: PrinterCondition }> {
  const socket = new Socket();
  socket.setNoDelay(true);
  let written = false;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('connection timed out')), job.timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      socket.connect(job.port, job.host);
    }).catch((err: Error) => {
      throw new PrinterError(`printer unreachable: ${err.message}`, 'unreachable', false);
    });
    const link = new PrinterLink(socket);
    const before = await status(link, job.timeoutMs).catch((err: Error) => {
      throw new PrinterError(`no status: ${err.message}`, 'unreachable', false);
    });
    if (before !== 'online' && before !== 'paper_low')
      throw new PrinterError(`printer reports ${before}`, before, false);
    await job.beforeWrite?.();
    await link.write(job.bytes);
    written = true;
    const after = await status(link, job.timeoutMs).catch((err: Error) => {
      throw new PrinterError(`no status after printing: ${err.message}`, 'unreachable', true);
    });
    if (after !== 'online' && after !== 'paper_low')
      throw new PrinterError(`printer reports ${after} after printing`, after, true);
    return { condition: after };
  } catch (err) {
    if (err instanceof PrinterError) throw err;
    throw new PrinterError((err as Error).message, 'unreachable', written);
  } finally {
    socket.destroy();
  }
}
