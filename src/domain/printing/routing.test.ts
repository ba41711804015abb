import { describe, expect, it } from 'vitest';
import { routeOrderLines } from './routing.js';

const kitchen = { id: 'k', printFormat: 'kitchen', connection: 'cloud' };
const bar = { id: 'b', printFormat: 'kitchen', connection: 'network' };
const receipt = { id: 'r', printFormat: 'receipt', connection: 'cloud' };
const browser = { id: 'w', printFormat: 'kitchen', connection: 'none' };

describe('routing order lines to printers', () => {
  it('sends each line to its item printers, and the whole order to receipt printers', () => {
    const routes = routeOrderLines(
      [{ printerIds: ['k'] }, { printerIds: ['b'] }, { printerIds: ['k', 'b'] }],
      [kitchen, bar, receipt],
      null,
    );
    expect(routes).toEqual([
      { printerId: 'k', kind: 'kitchen', lines: [0, 2] },
      { printerId: 'b', kind: 'kitchen', lines: [1, 2] },
      { printerId: 'r', kind: 'receipt', lines: [0, 1, 2] },
    ]);
  });
  it('a line without a printer (or with a removed one) goes to the default kitchen printer', () => {
    expect(
      routeOrderLines([{ printerIds: [] }, { printerIds: ['gone'] }], [kitchen, bar], 'b'),
    ).toEqual([{ printerId: 'b', kind: 'kitchen', lines: [0, 1] }]);
    // No default set: the first kitchen printer.
    expect(routeOrderLines([{ printerIds: [] }], [kitchen, bar], null)).toEqual([
      { printerId: 'k', kind: 'kitchen', lines: [0] },
    ]);
  });
  it('browser-only printers and an item tagged twice with one printer get no extra job', () => {
    expect(routeOrderLines([{ printerIds: ['w', 'k', 'k'] }], [browser, kitchen], null)).toEqual([
      { printerId: 'k', kind: 'kitchen', lines: [0] },
    ]);
  });
  it('a receipt printer named on an item prints no kitchen ticket, and no printers means no jobs', () => {
    expect(routeOrderLines([{ printerIds: ['r'] }], [receipt], null)).toEqual([
      { printerId: 'r', kind: 'receipt', lines: [0] },
    ]);
    expect(routeOrderLines([{ printerIds: [] }], [], null)).toEqual([]);
  });
});
