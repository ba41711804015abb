// Which printer prints which lines of an order (issue 29). Each line goes to its item's printers
// (the spec's _idPrinters, snapshot on the order line when it was ordered); a line whose item has
// none — or only printers since removed — goes to the store's default kitchen printer. Receipt
// printers print the whole order as a receipt. Browser-only printers ("none") get no job: a
// person prints them from the dashboard.
export interface RoutablePrinter {
  id: string;
  printFormat: string;
  connection: string;
}

export interface PrintRoute {
  printerId: string;
  kind: 'kitchen' | 'receipt';
  /** Indexes into the order's lines, in order. */
  lines: number[];
}

export function routeOrderLines(
  lines: readonly { printerIds: readonly string[] }[],
  printers: readonly RoutablePrinter[],
  defaultKitchenPrinterId: string | null,
): PrintRoute[] {
  const reachable = printers.filter((p) => p.connection !== 'none');
  const ticketPrinters = new Map(
    reachable.filter((p) => p.printFormat !== 'receipt').map((p) => [p.id, p]),
  );
  const fallback =
    (defaultKitchenPrinterId && ticketPrinters.get(defaultKitchenPrinterId)?.id) ??
    reachable.find((p) => p.printFormat === 'kitchen')?.id ??
    null;
  const byPrinter = new Map<string, number[]>();
  lines.forEach((line, i) => {
    const targets = [...new Set(line.printerIds)].filter((id) => ticketPrinters.has(id));
    if (targets.length === 0 && fallback) targets.push(fallback);
    for (const id of targets) byPrinter.set(id, [...(byPrinter.get(id) ?? []), i]);
  });
  const routes: PrintRoute[] = [...byPrinter].map(([printerId, idx]) => ({
    printerId,
    kind: 'kitchen',
    lines: idx,
  }));
  for (const p of reachable.filter((p) => p.printFormat === 'receipt'))
    routes.push({ printerId: p.id, kind: 'receipt', lines: lines.map((_, i) => i) });
  return routes;
}
