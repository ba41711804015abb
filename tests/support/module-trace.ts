// A trace of the modules one request enters (issue 26, "the send-order path reads straight";
// docs/decisions/order-life.md "Entering a module"). Each module's public file is replaced, in the
// test that uses this, by the same exports wrapped: a call into a module's public function from
// another module is an entry. The stack of modules entered is carried by AsyncLocalStorage, so
// it follows awaits, transactions and callbacks, and two concurrent requests never mix.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface Entry {
  /** The module called, and its public function. */
  module: string;
  fn: string;
  /** The modules already entered below this call, outermost first. */
  below: string[];
}

interface Trace {
  entries: Entry[];
}
interface Frame {
  trace: Trace;
  stack: string[];
}

const frames = new AsyncLocalStorage<Frame>();
let recording: Trace | null = null;

/** Records the modules entered by `run` when it starts at `root` (e.g. checkout.sendOrder). */
export async function traceModules<T>(
  run: () => Promise<T>,
): Promise<{ result: T; entries: Entry[] }> {
  const trace: Trace = { entries: [] };
  recording = trace;
  try {
    const result = await run();
    return { result, entries: trace.entries };
  } finally {
    recording = null;
  }
}

/** Names the roots: the first call into this function while recording starts a trace. */
const ROOTS = new Set(['checkout.sendOrder']);

const isClass = (f: unknown) =>
  typeof f === 'function' && /^class[\s{]/.test(Function.prototype.toString.call(f));

/** The module's exports, each function wrapped so that a call from another module is recorded. */
export function traced<M extends Record<string, unknown>>(module: string, exports: M): M {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value !== 'function' || isClass(value)) {
      out[name] = value;
      continue;
    }
    const fn = value as (...a: unknown[]) => unknown;
    out[name] = function (this: unknown, ...args: unknown[]) {
      const frame = frames.getStore();
      const top = frame?.stack[frame.stack.length - 1];
      if (!frame) {
        const trace = recording;
        if (!trace || !ROOTS.has(`${module}.${name}`)) return fn.apply(this, args);
        trace.entries.push({ module, fn: name, below: [] });
        return frames.run({ trace, stack: [module] }, () => fn.apply(this, args));
      }
      if (top === module) return fn.apply(this, args);
      frame.trace.entries.push({ module, fn: name, below: [...frame.stack] });
      return frames.run({ trace: frame.trace, stack: [...frame.stack, module] }, () =>
        fn.apply(this, args),
      );
    };
  }
  return out as M;
}

/**
 * The entries that re-enter a module: a call into B while B is already on the stack below the
 * caller (B → … → A → B), i.e. a module called back before its own call returned.
 */
export function reentries(entries: Entry[]): Entry[] {
  return entries.filter((e) => e.below.includes(e.module));
}

/** One line per entry, indented by depth: `payments.placeOrderWithPayment`. */
export function printTrace(entries: Entry[]): string {
  return entries.map((e) => `${'  '.repeat(e.below.length)}${e.module}.${e.fn}`).join('\n');
}
