// The files module's public file (docs/decisions/module-boundaries.md): the menu's item_complete
// takes a pending upload here; app.ts's jobs delete the abandoned ones.
export { purgeAbandonedUploads, takePendingUpload } from './files.service.js';
