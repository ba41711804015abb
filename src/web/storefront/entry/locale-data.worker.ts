// Loads the browser's locale data in a worker (./locale-data.ts says why), then says so.
Intl.DateTimeFormat.supportedLocalesOf([navigator.language || 'en-US']);
postMessage('loaded');
