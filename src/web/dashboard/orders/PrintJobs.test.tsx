// The order's printing on the order detail and the printer alert (issue 29;
// docs/decisions/printing.md): jobs with their status, a failed one with why, Print sending the
// tickets when automatic printing is off, nothing for a browser-only store; the alert only for a
// printer that answered during service and went silent.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderPrintJob, PrinterDetail } from '../../../contract/printer-settings.js';
import { jsonResponse } from '../../test-data/render.js';
import { mockApi, orderView, renderDashboardPart } from '../test/dashboard-testkit.js';
import { PrinterOfflineAlert, PrintJobs } from './PrintJobs.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const job = (o: Partial<OrderPrintJob>): OrderPrintJob => ({
  _id: crypto.randomUUID(),
  printer_name: 'Kitchen',
  connection: 'cloud',
  kind: 'kitchen',
  copy: 0,
  status: 'printed',
  error: null,
  queued_at: '2026-11-27T23:00:00.000Z',
  printed_at: '2026-11-27T23:00:05.000Z',
  ...o,
});

/** The order's printing as the server answers it: automatic printing on, a network printer. */
const printing = (o: {
  autoPrint?: boolean;
  hasNetworkPrinter?: boolean;
  placedBeforeAutoPrint?: boolean;
  jobs?: OrderPrintJob[];
}) =>
  jsonResponse(200, {
    autoPrint: true,
    placedBeforeAutoPrint: false,
    hasNetworkPrinter: true,
    jobs: [],
    ...o,
  });

describe('the order’s print jobs', () => {
  it('lists each job with its status, a failed one with why, and offers Reprint', async () => {
    const order = orderView({});
    mockApi([
      [
        'GET',
        /\/printJobs$/,
        () =>
          printing({
            jobs: [
              job({}),
              job({
                printer_name: 'Bar',
                connection: 'network',
                status: 'failed',
                error: 'The printer is out of paper',
                printed_at: null,
              }),
            ],
          }),
      ],
    ]);
    renderDashboardPart(<PrintJobs order={order} timeZone="America/New_York" />);
    const list = await screen.findByRole('list', { name: 'Print jobs' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toBe('Kitchen · Kitchen ticket Printed 6:00 PM');
    expect(items[1]!.textContent).toBe('Bar · Kitchen ticket FailedThe printer is out of paper');
    expect(screen.getByRole('button', { name: 'Reprint' })).toBeTruthy();
  });

  it('with automatic printing off, Print sends the tickets', async () => {
    const order = orderView({});
    const calls = mockApi([
      ['GET', /\/printJobs$/, () => printing({ autoPrint: false })],
      [
        'POST',
        /\/print$/,
        () => printing({ autoPrint: false, jobs: [job({ status: 'queued', printed_at: null })] }),
      ],
    ]);
    renderDashboardPart(<PrintJobs order={order} timeZone="America/New_York" />);
    expect(await screen.findByText('Not printed: automatic printing is off.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByText('Waiting for the printer')).toBeTruthy();
    expect(
      calls.some(
        (c) =>
          c.method === 'POST' &&
          c.url.pathname === `/api/printers/merchantId/demo/order/${order._id}/print`,
      ),
    ).toBe(true);
  });

  it('says so of an order placed before automatic printing was turned on', async () => {
    mockApi([['GET', /\/printJobs$/, () => printing({ placedBeforeAutoPrint: true })]]);
    renderDashboardPart(<PrintJobs order={orderView({})} timeZone="America/New_York" />);
    expect(
      await screen.findByText('Not printed: placed before automatic printing was turned on.'),
    ).toBeTruthy();
  });

  it('shows nothing for a store that prints only from the browser', async () => {
    const calls = mockApi([
      ['GET', /\/printJobs$/, () => printing({ autoPrint: false, hasNetworkPrinter: false })],
    ]);
    renderDashboardPart(<PrintJobs order={orderView({})} timeZone="America/New_York" />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Printing' })).toBeNull();
  });
});

describe('the printer alert', () => {
  const printer = (o: Partial<PrinterDetail>): PrinterDetail => ({
    _id: crypto.randomUUID(),
    name: 'Kitchen',
    description: '',
    print_format: 'kitchen',
    connection: 'cloud',
    paper_width: '80mm',
    network_host: null,
    network_port: null,
    has_cloud_token: true,
    status: 'online',
    last_seen_at: new Date().toISOString(),
    last_job: null,
    ...o,
  });

  it('names a printer that went silent during service, not one never set up or off overnight', async () => {
    const calls = mockApi([
      [
        'GET',
        /\/printerBoard$/,
        () =>
          jsonResponse(200, [
            printer({ name: 'Kitchen', status: 'offline' }),
            printer({ name: 'Patio', status: 'offline', last_seen_at: null }),
            printer({
              name: 'Upstairs',
              status: 'offline',
              last_seen_at: new Date(Date.now() - 20 * 3600_000).toISOString(),
            }),
            printer({ name: 'Bar', status: 'online' }),
          ]),
      ],
    ]);
    renderDashboardPart(<PrinterOfflineAlert merchantId="demo" />);
    const alert = await screen.findByRole('alert', { name: 'Printers not answering' });
    expect(alert.textContent).toContain('Printer Kitchen is not answering');
    expect(calls).toHaveLength(1);
  });

  it('says nothing while every printer answers', async () => {
    const calls = mockApi([
      ['GET', /\/printerBoard$/, () => jsonResponse(200, [printer({ status: 'online' })])],
    ]);
    renderDashboardPart(<PrinterOfflineAlert merchantId="demo" />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('alert', { name: 'Printers not answering' })).toBeNull();
  });
});
