// A pending button's announcement keeps its text when the button goes (issue 25: the checkout's
// serious axe violation, an image role labelled by a missing id).
import { afterEach, describe, expect, it } from 'vitest';
import { keepAnnouncementLabels } from './announcement-labels.js';

let stop = () => {};
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('keepAnnouncementLabels', () => {
  it('copies the button’s text into the announcement, so its removal leaves nothing dangling', async () => {
    stop = keepAnnouncementLabels();
    document.body.innerHTML = '<button id="add">Add to Cart $6.50</button>';
    // react-aria's live region arrives with the first announcement.
    const region = document.createElement('div');
    region.dataset.liveAnnouncer = 'true';
    const log = document.createElement('div');
    log.setAttribute('role', 'log');
    region.append(log);
    document.body.prepend(region);
    await flush();
    const note = document.createElement('div');
    note.setAttribute('role', 'img');
    note.setAttribute('aria-labelledby', 'add');
    log.append(note);
    await flush();
    document.getElementById('add')!.remove();
    expect(note.getAttribute('aria-labelledby')).toBeNull();
    expect(note.getAttribute('aria-label')).toBe('Add to Cart $6.50');
  });

  it('drops an announcement whose label is already gone', async () => {
    const region = document.createElement('div');
    region.dataset.liveAnnouncer = 'true';
    region.innerHTML = '<div role="log"><div role="img" aria-labelledby="gone"></div></div>';
    document.body.prepend(region);
    stop = keepAnnouncementLabels();
    await flush();
    expect(region.querySelector('[role="img"]')).toBeNull();
  });
});
