// react-aria announces a pending button (Add to Cart, Place the order) with a node in its live
// region, <div role="img" aria-labelledby="{the button's id}">, kept there 7 seconds. When the
// button goes first (the item modal closes once the line is added; the checkout gives way to the
// order-placed page) the node's label points at a missing id: axe's serious "role-img-alt", and a
// node with nothing to read. This copies the label's text into the node as it is announced, while
// the button is still there, so what is read is unchanged and nothing points at a missing id.
// It watches only the body's own children (to see the live region arrive) and the live region.

/** The text the node's labelling elements have now ("" when none is left). */
function labelText(node: Element, doc: Document): string {
  return (node.getAttribute('aria-labelledby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? (doc.getElementById(id)?.textContent ?? '').trim() : ''))
    .filter(Boolean)
    .join(' ');
}

function settle(root: Element, doc: Document) {
  for (const node of root.querySelectorAll('[role="img"][aria-labelledby]')) {
    const text = labelText(node, doc);
    if (!text) {
      node.remove();
      continue;
    }
    node.setAttribute('aria-label', text);
    node.removeAttribute('aria-labelledby');
  }
}

/** Starts watching; returns a stop (for tests). */
export function keepAnnouncementLabels(doc: Document = document): () => void {
  const regionWatch = new MutationObserver((records) => {
    for (const r of records) if (r.target instanceof Element) settle(r.target, doc);
  });
  const watchRegion = (el: Element) => {
    settle(el, doc);
    regionWatch.observe(el, { childList: true, subtree: true });
  };
  for (const el of doc.querySelectorAll('body > [data-live-announcer]')) watchRegion(el);
  const bodyWatch = new MutationObserver((records) => {
    for (const r of records)
      for (const added of r.addedNodes)
        if (added instanceof Element && added.hasAttribute('data-live-announcer'))
          watchRegion(added);
  });
  bodyWatch.observe(doc.body, { childList: true });
  return () => {
    bodyWatch.disconnect();
    regionWatch.disconnect();
  };
}
