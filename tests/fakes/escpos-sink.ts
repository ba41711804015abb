// A local ESC/POS network printer (issue 29; docs/protocols/escpos.md): a TCP server on
// 127.0.0.1 that keeps the bytes each connection writes, parses them into a readable transcript
// with its own reading of the commands (not the renderer's code), and answers the real-time
// status queries `DLE EOT n` with the status bytes of its current state (paper out, cover open).
//
// Status bytes, as Epson documents DLE EOT: bit 1 and bit 4 are always set (0x12); n = 1 printer
// (bit 3: off line), n = 2 off-line cause (bit 2 cover open, bit 5 paper ended the printing,
// bit 6 error), n = 4 roll paper sensor (bits 2–3 near end, bits 5–6 paper end).
import iconv from 'iconv-lite';
import { createServer, type Server, type Socket } from 'node:net';

export interface SinkState {
  paperOut: boolean;
  coverOpen: boolean;
  /** Accept the connection and say nothing (a printer that hangs). */
  silent: boolean;
  /**
   * Take the ticket (everything up to its cut), then drop the link before answering the status
   * query after it: 'reset' aborts it (RST), 'close' ends it (FIN). The ticket counts as received.
   */
  hangUpAfterTicket: false | 'reset' | 'close';
}

export interface SinkJob {
  bytes: Buffer;
  transcript: string;
  /** Raster pictures in the order sent: width in dots, height in dots, bits. */
  rasters: { width: number; height: number; bits: Buffer }[];
}

export interface EscPosSink {
  port: number;
  state: SinkState;
  /** Jobs whose connection has ended, each with its parse. */
  jobs: SinkJob[];
  /** Resolves once `n` jobs have ended. */
  waitForJobs(n: number, timeoutMs?: number): Promise<SinkJob[]>;
  close(): Promise<void>;
}

const DLE = 0x10;
const EOT = 0x04;
const ESC = 0x1b;
const GS = 0x1d;

function statusByte(state: SinkState, n: number): number {
  const base = 0x12;
  if (n === 1) return base | (state.paperOut || state.coverOpen ? 0x08 : 0);
  if (n === 2) return base | (state.coverOpen ? 0x04 : 0) | (state.paperOut ? 0x20 : 0);
  if (n === 3) return base;
  if (n === 4) return base | (state.paperOut ? 0x60 : 0);
  return base;
}

/** Reads ESC/POS bytes into "[INIT][CODEPAGE 0][ALIGN center][SIZE 2x2][BOLD ON]text\n…". */
export function parseEscPos(bytes: Buffer): Omit<SinkJob, 'bytes'> {
  let out = '';
  let text: number[] = [];
  const rasters: SinkJob['rasters'] = [];
  const flush = () => {
    if (text.length > 0) out += iconv.decode(Buffer.from(text), 'cp437');
    text = [];
  };
  const cmd = (name: string) => {
    flush();
    out += `[${name}]`;
  };
  let i = 0;
  const need = (n: number) => {
    if (i + n > bytes.length) throw new Error(`command at ${i} cut short`);
  };
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b === ESC) {
      need(2);
      const c = bytes[i + 1]!;
      if (c === 0x40) {
        cmd('INIT');
        i += 2;
      } else if (c === 0x74) {
        need(3);
        cmd(`CODEPAGE ${bytes[i + 2]}`);
        i += 3;
      } else if (c === 0x61) {
        need(3);
        cmd(`ALIGN ${['left', 'center', 'right'][bytes[i + 2]! % 48] ?? bytes[i + 2]}`);
        i += 3;
      } else if (c === 0x45) {
        need(3);
        cmd(`BOLD ${bytes[i + 2]! & 1 ? 'ON' : 'OFF'}`);
        i += 3;
      } else if (c === 0x64) {
        need(3);
        cmd(`FEED ${bytes[i + 2]}`);
        i += 3;
      } else throw new Error(`unknown ESC 0x${c.toString(16)} at ${i}`);
    } else if (b === GS) {
      need(2);
      const c = bytes[i + 1]!;
      if (c === 0x21) {
        need(3);
        const n = bytes[i + 2]!;
        cmd(`SIZE ${(n >> 4) + 1}x${(n & 0x0f) + 1}`);
        i += 3;
      } else if (c === 0x56) {
        need(3);
        const m = bytes[i + 2]!;
        if (m === 0x41 || m === 0x42) {
          need(4);
          cmd(`CUT ${m === 0x41 ? 'FULL' : 'PARTIAL'} FEED ${bytes[i + 3]}`);
          i += 4;
        } else {
          cmd(`CUT ${m % 48 === 0 ? 'FULL' : 'PARTIAL'}`);
          i += 3;
        }
      } else if (c === 0x76 && bytes[i + 2] === 0x30) {
        need(8);
        const xBytes = bytes[i + 4]! + bytes[i + 5]! * 256;
        const height = bytes[i + 6]! + bytes[i + 7]! * 256;
        const size = xBytes * height;
        need(8 + size);
        const bits = Buffer.from(bytes.subarray(i + 8, i + 8 + size));
        rasters.push({ width: xBytes * 8, height, bits });
        cmd(`RASTER ${xBytes * 8}x${height}`);
        out += '\n';
        i += 8 + size;
      } else throw new Error(`unknown GS 0x${c.toString(16)} at ${i}`);
    } else if (b === DLE && bytes[i + 1] === EOT) {
      need(3);
      cmd(`STATUS? ${bytes[i + 2]}`);
      i += 3;
    } else if (b === 0x0a) {
      flush();
      out += '\n';
      i += 1;
    } else if (b < 0x20) {
      throw new Error(`unexpected control byte 0x${b.toString(16)} at ${i}`);
    } else {
      text.push(b);
      i += 1;
    }
  }
  flush();
  return { transcript: out, rasters };
}

/** Whether the bytes so far hold a whole ticket through its cut (a part-sent command: not yet). */
function cutReceived(bytes: Buffer): boolean {
  try {
    return parseEscPos(bytes).transcript.includes('[CUT');
  } catch {
    return false;
  }
}

/**
 * The sink on `host` (default loopback) and the first free port of `ports` (default any): the
 * server refuses loopback printers and ports outside 9100–9109, so its tests listen on this
 * machine's own network address and a printer port.
 */
export async function startEscPosSink(
  initial: Partial<SinkState> = {},
  where: { host?: string; ports?: readonly number[] } = {},
): Promise<EscPosSink> {
  const state: SinkState = {
    paperOut: false,
    coverOpen: false,
    silent: false,
    hangUpAfterTicket: false,
    ...initial,
  };
  const jobs: SinkJob[] = [];
  const waiters: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (state.silent) return;
      if (state.hangUpAfterTicket && cutReceived(Buffer.concat(chunks))) {
        if (state.hangUpAfterTicket === 'reset') socket.resetAndDestroy();
        else socket.end();
        return;
      }
      // Answer each status query in this chunk at once, as a printer does in real time.
      for (let i = 0; i + 2 < chunk.length; i++)
        if (chunk[i] === DLE && chunk[i + 1] === EOT)
          socket.write(Buffer.from([statusByte(state, chunk[i + 2]!)]));
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      const bytes = Buffer.concat(chunks);
      if (bytes.length === 0) return;
      // A status-only connection (a test page check) is not a job.
      const parsed = parseEscPos(bytes);
      if (/^(\[STATUS\? \d\])+$/.test(parsed.transcript)) return;
      jobs.push({ bytes, ...parsed });
      for (const w of waiters.splice(0)) w();
    });
  });
  const host = where.host ?? '127.0.0.1';
  const listen = (port: number) =>
    new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, host, () => resolve(true));
    });
  let listening = false;
  for (const port of where.ports ?? [0]) if ((listening = await listen(port))) break;
  if (!listening) throw new Error(`no free port among ${(where.ports ?? [0]).join(', ')}`);
  const port = (server.address() as { port: number }).port;
  return {
    port,
    state,
    jobs,
    async waitForJobs(n, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (jobs.length < n) {
        if (Date.now() > deadline) throw new Error(`${jobs.length} of ${n} jobs arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return jobs.slice(0, n);
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
