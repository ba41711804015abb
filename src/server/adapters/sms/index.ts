// sms adapter (issue 5 fills this in): an interface, an offline default for npm start, and a
// real adapter switched on by configuration.
import type { Config } from '../../config.js';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SmsAdapter {}

export function createSmsAdapter(_config: Config): SmsAdapter {
  return {};
}
