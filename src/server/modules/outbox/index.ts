// The outbox module's public file (docs/decisions/module-boundaries.md): queue a message in the
// caller's transaction; the developer view reads the recent ones.
export type { OutboxRow } from './outbox.repository.js';
export {
  enqueueMessage,
  enqueueMessages,
  findByKeyPrefix,
  listRecent,
  messagesStatement,
  outboxBacklog,
  runOutboxWorker,
} from './outbox.service.js';
export { EMAIL_SUBJECT_MAX, EMAIL_TEXT_MAX, SMS_BODY_MAX } from './outbox.types.js';
export type { EmailPayload, OutboxMessage, SmsPayload } from './outbox.types.js';
