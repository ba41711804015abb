// The request a piece of work belongs to, carried through async calls (AsyncLocalStorage): every
// log line written while serving a request — a gateway call, a query's warning — names its
// request id, and the outbox keeps it with each message it queues so the worker's lines that
// deliver it name the same id (issue 31: one id from nginx's log to the text message sent).
import { AsyncLocalStorage } from 'node:async_hooks';

interface RequestContext {
  reqId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` (and everything it starts) as work of request `reqId`. */
export function runAsRequest<T>(reqId: string, fn: () => T): T {
  return storage.run({ reqId }, fn);
}

/** The id of the request the current work belongs to, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.reqId;
}
