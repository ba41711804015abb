// Orders this tablet placed itself (a phone order typed by staff, C7.94): the bell is for orders
// that come in, not for the one the merchant has just typed. The order stream's 'placed' event can
// come before the placing request's answer, so the feed waits for placements still under way
// before it decides. Other tablets of the store still ring for it.
const ours = new Set<string>();
const underWay = new Set<Promise<unknown>>();

/** Records a placement this tablet started; resolves to its answer as the caller's call does. */
export function placingHere<T extends { _id: string }>(request: Promise<T>): Promise<T> {
  const tracked = request.then((answer) => {
    ours.add(answer._id);
    return answer;
  });
  const settled = tracked.catch(() => undefined).finally(() => underWay.delete(settled));
  underWay.add(settled);
  return tracked;
}

/** Whether this tablet placed the order (after the placements under way have answered). */
export async function wasPlacedHere(orderId: string): Promise<boolean> {
  await Promise.all([...underWay]);
  return ours.has(orderId);
}
