// The Converge user rights our calls need (issue 30; docs/decisions/gateway-converge.md "User
// rights"). The API user the merchant gives us must hold, besides the Hosted Payment API flag:
// - "Batches - View" for txnquery (how the server confirms the Lightbox's payment),
// - "Batches-Void Delete" for ccdelete (how an authorisation is released),
// - a batch-edit right for cccomplete (how the end-of-day capture takes the money).
// Without the first the confirm step cannot see the payment and the diner's authorisation stays
// held; without the last the authorisation expires unpaid. So the rights are checked when the
// credentials are saved: each call is tried on a transaction id that cannot exist, which moves
// no money. An answer about the transaction itself (a query with no record, a 5000s data error
// such as 5040 "Invalid Transaction ID") shows the right is there; any other error answer names
// the right as missing.
// Which error code Converge gives a user without the right is not documented where we could read
// it (UNVERIFIED), hence "anything but the answers of a user who has it".
import type { ConvergeAnswer } from './xml.js';

export interface ConvergeRight {
  /** The transaction type that needs it. */
  call: 'txnquery' | 'ccdelete' | 'cccomplete';
  /** The right as Converge's user settings name it. */
  name: string;
  /** Why Forkful needs it, in the merchant's words. */
  why: string;
}

export const CONVERGE_RIGHTS: readonly ConvergeRight[] = [
  { call: 'txnquery', name: 'Batches - View', why: 'to confirm each card payment' },
  { call: 'ccdelete', name: 'Batches-Void Delete', why: 'to release a payment that fails' },
  { call: 'cccomplete', name: 'Batches - Edit', why: 'to capture the payment at the end of day' },
];

/** A Converge transaction id no transaction has (the documented shape, all zeros). */
export const PROBE_TXN_ID = '000000A00-00000000-0000-0000-0000-000000000000';

/**
 * Error codes that speak about the request's data (the 5000s: 5040 "Invalid Transaction ID",
 * 5091 "Invalid amount" [S-EV10] family), not about the user: the call got past the user's
 * rights. The 4000s are the account's and user's own (4025 "Invalid Credentials" [S-EV10]).
 */
const ABOUT_THE_DATA = /^5\d{3}$/;

/** Whether the probe's answer shows the user holds the right. */
export function probeShowsRight(answer: ConvergeAnswer): boolean {
  if (answer.kind !== 'error') return true;
  return ABOUT_THE_DATA.test(answer.errorCode);
}

/** The merchant's text for a missing right. */
export function missingRightMessage(right: ConvergeRight): string {
  return `The Converge user needs the "${right.name}" right (${right.why}); add it in Converge's user settings, then save again`;
}
