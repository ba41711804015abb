// The order's life (issue 26): its states, the commands allowed in each and what each command
// does with money, as one table. The orders module checks every write against it (its conditional
// UPDATE … WHERE state IN (allowed)) and docs/decisions/order-life.md shows it as a table.
// Pure: no clock — "the day of sale" is a fact the caller passes in.

export const ORDER_LIFE_STATES = [
  'awaiting_payment',
  'placed',
  'accepted',
  'ready',
  'completed',
  'failed',
  'cancelled',
  'voided',
] as const;
export type OrderLifeState = (typeof ORDER_LIFE_STATES)[number];

/** Ends: no command leaves them. */
export const END_STATES = [
  'failed',
  'cancelled',
  'voided',
] as const satisfies readonly OrderLifeState[];

/** The states of an order the merchant has (numbered, on the board and in the reports). */
export const PLACED_STATES = [
  'placed',
  'accepted',
  'ready',
  'completed',
] as const satisfies readonly OrderLifeState[];

/** Every numbered state: the placed ones and the two ends an order reaches after placing. */
export const NUMBERED_STATES = [
  ...PLACED_STATES,
  'cancelled',
  'voided',
] as const satisfies readonly OrderLifeState[];

/**
 * What a command does with the order's money, at most once per command: the payments module
 * makes the gateway call (keyed, recorded in its ledger); `none` is no gateway call at all.
 * `authorise` is the charge made while the order awaits payment, whose outcome `place` records.
 * `release` is the cancel's money step, chosen per provider (order-life.md "What cancel does").
 * `capture` takes an authorised charge (end-of-day sweep, the provider path's capture).
 */
export type MoneyMove = 'none' | 'release' | 'void' | 'adjustTip' | 'capture';

export interface CommandRule {
  /** The states the command is allowed in. */
  from: readonly OrderLifeState[];
  /** The state it leaves the order in (`same`: the state does not change). */
  to: OrderLifeState | 'same';
  /** The gateway call it makes for a card order (a cash order moves no money). */
  money: MoneyMove;
  /** Only on the merchant's business day of sale (spec T4.58–T4.62). */
  sameDayOnly?: boolean;
  /** Only for a card order. */
  cardOnly?: boolean;
}

export const ORDER_COMMANDS = {
  /** The payment answered (or cash): the order gets its numbers and reaches the merchant. */
  place: { from: ['awaiting_payment'], to: 'placed', money: 'none' },
  /** The payment was refused or lost: the order ends without numbers; a held charge is let go. */
  fail: { from: ['awaiting_payment'], to: 'failed', money: 'release' },
  /** The merchant takes the order, with the minutes until it is ready. */
  accept: { from: ['placed'], to: 'accepted', money: 'none' },
  markReady: { from: ['placed', 'accepted'], to: 'ready', money: 'none' },
  /** Picked up, delivered or served. */
  complete: { from: ['placed', 'accepted', 'ready'], to: 'completed', money: 'none' },
  /** Stopped by the merchant before completion; its money released (per provider). */
  cancel: { from: ['placed', 'accepted', 'ready'], to: 'cancelled', money: 'release' },
  /** The spec's same-day void of a paid card order (hasVoid), also after completion. */
  void: {
    from: ['placed', 'accepted', 'ready', 'completed'],
    to: 'voided',
    money: 'void',
    sameDayOnly: true,
    cardOnly: true,
  },
  /** The spec's tip adjustment (T4.58–T4.62), also after completion, on the day of sale. */
  adjustTip: {
    from: ['placed', 'accepted', 'ready', 'completed'],
    to: 'same',
    money: 'adjustTip',
    sameDayOnly: true,
    cardOnly: true,
  },
  /**
   * The authorised charge of a placed order is taken (the end-of-day capture, the provider path's
   * capture): payment status captured. Once per order: payments' ledger key `capture:<order>`.
   */
  capture: {
    from: [...PLACED_STATES],
    to: 'same',
    money: 'capture',
    cardOnly: true,
  },
  /**
   * What became of the money a fail or a cancel let go (payment status voided, or unknown for the
   * merchant to check): the record of the release those commands asked for, no money of its own.
   */
  recordRelease: { from: ['failed', 'cancelled'], to: 'same', money: 'none' },
  /** The dashboard's flags and ready minutes: no state change, no money. */
  markRead: { from: [...NUMBERED_STATES], to: 'same', money: 'none' },
  markPrinted: { from: [...NUMBERED_STATES], to: 'same', money: 'none' },
  setReadyMinutes: { from: [...PLACED_STATES], to: 'same', money: 'none' },
  sendReadyTimeSms: {
    from: [...PLACED_STATES],
    to: 'same',
    money: 'none',
    sameDayOnly: true,
  },
} as const satisfies Record<string, CommandRule>;

export type OrderCommand = keyof typeof ORDER_COMMANDS;
export const ORDER_COMMAND_NAMES = Object.keys(ORDER_COMMANDS) as OrderCommand[];

export interface OrderFacts {
  state: OrderLifeState;
  paymentMethod: 'creditcard' | 'cash';
  /** The command comes on the merchant's business day the order was placed. */
  sameDay: boolean;
}

export type Decision =
  | { ok: true; to: OrderLifeState; money: MoneyMove }
  | { ok: false; why: 'state' | 'not_same_day' | 'not_card'; state: OrderLifeState };

/** Whether `command` may run on an order with these facts, and where it leaves it. */
export function decide(command: OrderCommand, facts: OrderFacts): Decision {
  const rule: CommandRule = ORDER_COMMANDS[command];
  if (!rule.from.includes(facts.state)) return { ok: false, why: 'state', state: facts.state };
  if (rule.cardOnly && facts.paymentMethod !== 'creditcard')
    return { ok: false, why: 'not_card', state: facts.state };
  if (rule.sameDayOnly && !facts.sameDay)
    return { ok: false, why: 'not_same_day', state: facts.state };
  const to = rule.to === 'same' ? facts.state : rule.to;
  // Cash moves no money, whatever the command.
  const money = facts.paymentMethod === 'cash' ? 'none' : rule.money;
  return { ok: true, to, money };
}

/** The states a command may start from (for the repository's conditional UPDATE). */
export function allowedFrom(command: OrderCommand): readonly OrderLifeState[] {
  return ORDER_COMMANDS[command].from;
}

/** Numbered: placed once (whatever happened after). */
export function isNumbered(state: string): boolean {
  return (NUMBERED_STATES as readonly string[]).includes(state);
}

export function isPlaced(state: string): boolean {
  return (PLACED_STATES as readonly string[]).includes(state);
}

/** The answer a refused command gives: names the order's current state (a 409). */
export function stateRefusal(command: OrderCommand, state: OrderLifeState): string {
  return `This order is ${state.replace('_', ' ')}: ${command} is not allowed`;
}
