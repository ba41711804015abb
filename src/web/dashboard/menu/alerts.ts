// The Menu pane's failure alerts (spec §8): the spec's title and its advice in one alert, shown
// for 1.5 s by the dashboard's Flash (checklist M8.24, M8.34–M8.42).
import { MESSAGES, SAVE_FAILURES, type SaveFailure } from '../../../domain/messages.js';

export function failureText(which: SaveFailure): string {
  return `${SAVE_FAILURES[which]}. ${MESSAGES.CHECK_NETWORK}`;
}
