import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.js';

describe('log redaction', () => {
  it('never writes card numbers, CVV, passwords or verification codes', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino(loggerOptions('info'), sink);
    log.info(
      {
        body: {
          cardNumber: '4111111111111111',
          cvv: '123',
          password: 'Secret123',
          verificationCode: '4821',
          expiry: '1230',
        },
        merchantPassword: 'Demo1234',
        payment: { card: { account: '4111111111111111', cvv2: '999' } },
      },
      'request',
    );
    const out = lines.join('');
    for (const secret of [
      '4111111111111111',
      '"123"',
      'Secret123',
      '4821',
      'Demo1234',
      '"999"',
      '1230',
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
  });
});
