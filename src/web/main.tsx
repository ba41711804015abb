import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { keepAnnouncementLabels } from './lib/announcement-labels.js';
import './styles.css';

// A page restored from the back/forward cache shows stale menus, carts and sessions: reload it
// (spec §2).
window.addEventListener('pageshow', (event) => {
  if (event.persisted) window.location.reload();
});

// A pending button's announcement must not outlive its label (./lib/announcement-labels.ts).
keepAnnouncementLabels();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

// A transition: the first render (the router, the providers, the page's first state) yields to the
// browser every few milliseconds instead of running as one task of 40–100 ms on these machines,
// most of it the JavaScript engine compiling each function on its first call (bench/storefront:
// blocking time). Nothing is on the page before it, so there is nothing for it to hold back.
const app = createRoot(root);
startTransition(() => {
  app.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
