// ESC/POS over TCP against a local printer (tests/fakes/escpos-sink.ts) that parses the bytes and
// answers status queries; and the address rule that keeps the dashboard from probing the network.
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { type EscPosSink, startEscPosSink } from '../../../../tests/fakes/escpos-sink.js';
import { printOverTcp, PrinterError } from './escpos-network.js';
import { allowList, printerAddressProblem } from './printer-address.js';

/** This machine's own non-loopback IPv4 address: where a "network printer" can listen. */
const lan = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
const PORTS = [9100, 9101, 9102, 9103, 9104, 9105, 9106, 9107, 9108, 9109];
const TICKET = Buffer.from([0x1b, 0x40, ...Buffer.from('Order #1\n'), 0x1d, 0x56, 0x42, 0x30]);

let sink: EscPosSink | undefined;
afterEach(async () => {
  await sink?.close();
  sink = undefined;
});

describe('printer addresses', () => {
  const allowed = allowList({ allow: ['10.20.0.0/16', '192.0.2.0/24', 'fd12::/64'] });
  it('takes an allowed IP literal on a printer port', () => {
    expect(printerAddressProblem('10.20.3.4', 9100, allowed)).toBeNull();
    expect(printerAddressProblem('fd12::7', 9109, allowed)).toBeNull();
  });
  it('refuses names, other ports and addresses outside the operator’s ranges', () => {
    expect(printerAddressProblem('printer.local', 9100, allowed)).toMatch(/IP address/);
    expect(printerAddressProblem('10.20.3.4', 22, allowed)).toMatch(/9100 to 9109/);
    expect(printerAddressProblem('10.20.3.4', 9110, allowed)).toMatch(/9100 to 9109/);
    expect(printerAddressProblem('10.21.0.1', 9100, allowed)).toMatch(/outside the networks/);
  });
  it('refuses loopback, link-local and metadata addresses even when an operator allows them', () => {
    const everything = allowList({ allow: ['0.0.0.0/0', '::/0'] });
    for (const host of [
      '127.0.0.1',
      '127.8.9.10',
      '169.254.169.254',
      '169.254.1.1',
      '100.100.100.200',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
    ])
      expect(printerAddressProblem(host, 9100, everything), host).toBe(
        'This address cannot be a printer',
      );
  });
  it('refuses a malformed operator range at start-up', () => {
    expect(() => allowList({ allow: ['10.0.0.0/33'] })).toThrow(/prefix/);
    expect(() => allowList({ allow: ['printers'] })).toThrow(/not an IP range/);
  });
});

describe.skipIf(!lan)('ESC/POS over TCP', () => {
  const send = (s: EscPosSink) =>
    printOverTcp({ host: lan!, port: s.port, bytes: TICKET, timeoutMs: 2000 });

  it('asks the status, writes the ticket, asks again: printed once', async () => {
    sink = await startEscPosSink({}, { host: lan!, ports: PORTS });
    expect(printerAddressProblem(lan!, sink.port, allowList({ allow: [`${lan}/32`] }))).toBeNull();
    expect(await send(sink)).toEqual({ condition: 'online' });
    const [job] = await sink.waitForJobs(1);
    expect(job!.transcript).toBe(
      '[STATUS? 2][STATUS? 4][INIT]Order #1\n[CUT PARTIAL FEED 48][STATUS? 2][STATUS? 4]',
    );
  });

  it('paper out before printing: nothing is written, and it says so', async () => {
    sink = await startEscPosSink({ paperOut: true }, { host: lan!, ports: PORTS });
    const err = await send(sink).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrinterError);
    expect(err).toMatchObject({ condition: 'paper_out', maybePrinted: false });
    sink.state.paperOut = false;
    await send(sink);
    const jobs = await sink.waitForJobs(1);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.transcript).toContain('Order #1');
  });

  it('cover open is reported apart from paper out', async () => {
    sink = await startEscPosSink({ coverOpen: true }, { host: lan!, ports: PORTS });
    await expect(send(sink)).rejects.toMatchObject({ condition: 'cover_open' });
  });

  it('a printer that never answers its status: unreachable, nothing written', async () => {
    sink = await startEscPosSink({ silent: true }, { host: lan!, ports: PORTS });
    await expect(send(sink)).rejects.toMatchObject({
      condition: 'unreachable',
      maybePrinted: false,
    });
  });

  it('nobody listening: unreachable', async () => {
    sink = await startEscPosSink({}, { host: lan!, ports: PORTS });
    const port = sink.port;
    await sink.close();
    sink = undefined;
    await expect(
      printOverTcp({ host: lan!, port, bytes: TICKET, timeoutMs: 2000 }),
    ).rejects.toMatchObject({ condition: 'unreachable', maybePrinted: false });
  });
});
