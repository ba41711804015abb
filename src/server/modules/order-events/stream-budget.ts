// The live streams' own budget on this instance (issue 24; docs/decisions/load-shedding.md): an
// open stream is not a request in progress, so it takes no slot of the in-flight cap; instead the
// merchant's dashboard streams are capped per store and the diners' order-page streams per order
// and per instance, each counted apart so neither can crowd out the other.
//
// A place is taken synchronously, before the route awaits anything: a check followed by an await
// and then an increment would let 200 concurrent opens all pass the check.

/** Gives the place back; safe to call more than once (only the first call counts). */
export type Release = () => void;

export interface StreamLimits {
  /** Dashboard streams one store may hold open on this instance. */
  perMerchant: number;
  /** Order-page streams one placed order may hold open on this instance (a few tabs). */
  perOrder: number;
  /** Order-page streams this instance holds open in all. */
  dinerTotal: number;
}

/** Why a place was refused: the message names the cap. */
export interface Refusal {
  refused: string;
}

function take(counts: Map<string, number>, key: string): Release {
  counts.set(key, (counts.get(key) ?? 0) + 1);
  let given = false;
  return () => {
    if (given) return;
    given = true;
    const left = (counts.get(key) ?? 1) - 1;
    if (left <= 0) counts.delete(key);
    else counts.set(key, left);
  };
}

export class StreamBudget {
  private readonly merchants = new Map<string, number>();
  private readonly orders = new Map<string, number>();
  private diners = 0;

  constructor(private readonly limits: StreamLimits) {}

  /** A dashboard stream's place for the store `merchantKey`, or why not. */
  takeMerchant(merchantKey: string): Release | Refusal {
    if ((this.merchants.get(merchantKey) ?? 0) >= this.limits.perMerchant)
      return {
        refused: `At most ${this.limits.perMerchant} live order streams per store are open at once`,
      };
    return take(this.merchants, merchantKey);
  }

  /** An order page's stream place for the order `orderId`, or why not. */
  takeDiner(orderId: string): Release | Refusal {
    if ((this.orders.get(orderId) ?? 0) >= this.limits.perOrder)
      return {
        refused: `At most ${this.limits.perOrder} live streams per order are open at once`,
      };
    if (this.diners >= this.limits.dinerTotal)
      return { refused: 'Too many live order pages are open on this server right now' };
    const perOrder = take(this.orders, orderId);
    this.diners++;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.diners--;
      perOrder();
    };
  }

  /** Open streams now: for the log and the tests. */
  get open(): { merchant: number; diner: number } {
    let merchant = 0;
    for (const n of this.merchants.values()) merchant += n;
    return { merchant, diner: this.diners };
  }
}
