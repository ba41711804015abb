// The printers module's public file (docs/decisions/module-boundaries.md): the background job
// that queues new orders' tickets at stores that print by themselves.
export {
  AUTO_PRINT_WINDOW_MS,
  dispatchAutoPrint,
  dispatchCancelTickets,
} from './print-queue.service.js';
export { deliverEscPosJob } from './print-delivery.service.js';
