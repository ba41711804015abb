// The one e-mail address rule (issue 24; docs/decisions/domain-rules.md "E-mail addresses"). Every
// field that takes an address — checkout's customerEmail, sign-up, the customer-info form, the
// merchant's account and notification addresses — and the outbox, which checks each message again
// before it queues it, use this function, so an address accepted at the door is never refused
// once the order is being placed (or the card charged).
//
// Accepted: an RFC 5322 dot-atom local part (letters, digits and ! # $ % & ' * + - / = ? ^ _ ` { | }
// ~, dot-separated, no leading, trailing or double dot, at most 64 characters) @ a DNS host name
// (letter/digit/hyphen labels of at most 63, not starting or ending with a hyphen, at least two,
// the last alphabetic or an xn-- IDN label), at most 254 characters in all (RFC 5321). Nodemailer,
// our one SMTP path, sends every such address unchanged (checked: To, Reply-To and the envelope).
// Refused: quoted local parts ("a b"@x.com: nodemailer rewrites them), comments, IP-literal
// domains, non-ASCII (needs SMTPUTF8), spaces and anything else. Callers trim what a person typed.

export const EMAIL_ADDRESS_MAX = 254;
const LOCAL_PART_MAX = 64;

const ATEXT = "[A-Za-z0-9!#$%&'*+\\-/=?^_`{|}~]+";
const LOCAL_PART = new RegExp(`^${ATEXT}(?:\\.${ATEXT})*$`);
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LABEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** Whether `input` (as is: not trimmed) is an e-mail address the app accepts and can send to. */
export function isEmailAddress(input: string): boolean {
  if (input.length > EMAIL_ADDRESS_MAX) return false;
  const at = input.lastIndexOf('@');
  if (at <= 0) return false;
  const local = input.slice(0, at);
  const labels = input.slice(at + 1).split('.');
  if (local.length > LOCAL_PART_MAX || !LOCAL_PART.test(local)) return false;
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && TOP_LABEL.test(labels.at(-1)!);
}
