// What every message adapter (email, SMS) throws when a send fails. The outbox worker reads
// `permanent` to choose between retrying later and giving the message up.
export class SendError extends Error {
  constructor(
    message: string,
    /** true: retrying cannot help (the provider refused this message for good). */
    readonly permanent: boolean,
    /** The provider's own error code, when it gave one. */
    readonly code?: number | string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
