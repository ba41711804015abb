// The Store pane (issue 13; spec §2 Store, §8 save failures; checklist S2.90–S2.106): every
// section, the read view without the password, the disabled fields, a save checked before it is
// sent, the confirmation on Cancel, a refused save, and the password's own form.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_CHANGED_ELSEWHERE } from '../../../contract/store-settings.js';
import { MESSAGES } from '../../../domain/messages.js';
import { category } from '../../test-data/store.js';
import { jsonResponse, LAZY, renderRoute } from '../../test-data/render.js';
import { type Call, mockApi, SETTINGS, stubBrowser } from '../test/dashboard-testkit.js';

let calls: Call[];
let saveAnswer: () => Response;

function api() {
  calls = mockApi([
    [
      'GET',
      /^\/api\/merchantUsers\/isAuth$/,
      () => jsonResponse(200, { isAuth: true, merchantId: 'demo' }),
    ],
    ['GET', /\/businessInfo\/settings$/, () => jsonResponse(200, SETTINGS)],
    ['PUT', /\/businessInfos\/merchantId\/demo\/businessInfo$/, () => saveAnswer()],
    [
      'GET',
      /^\/api\/categories7\/merchantId\/demo$/,
      () => jsonResponse(200, [category({ _id: 'c1', name: 'Dim Sum', sortOrder: 1 })]),
    ],
    [
      'POST',
      /\/merchantUsers\/merchantId\/demo\/password$/,
      () =>
        jsonResponse(400, {
          code: 'invalid_input',
          message: 'Invalid',
          issues: [{ path: ['body', 'currentPassword'], message: 'Wrong password' }],
        }),
    ],
    ['GET', /latestOrder$/, () => jsonResponse(200, { orderId: null, _id: null })],
    ['GET', /^\/api\/promoCodes\/merchantId\/demo$/, () => jsonResponse(200, [])],
  ]);
}

async function openStore() {
  const probe = renderRoute('/merchant/merchantId/demo?pane=store');
  await screen.findByRole('heading', { level: 1, name: 'Store' }, LAZY);
  return probe;
}
const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  stubBrowser();
  saveAnswer = () => jsonResponse(200, { ...SETTINGS, taxRate: 0.1 });
  api();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the Store pane', () => {
  it('has every section of the spec (S2.91–S2.102)', async () => {
    await openStore();
    for (const name of [
      'Business info',
      'Business hours',
      'Food preparing time',
      'Category hours',
      'Category promotions',
      'Notices',
      'Order notifications',
      'Order promotion',
      'Tax rate',
      'Delivery and curbside',
      'Delivery hours',
      'Dine-in tables',
    ]) {
      expect(section(name)).toBeTruthy();
    }
    // The three notices are editable (S2.96).
    fireEvent.click(within(section('Notices')).getByRole('button', { name: /Edit/ }));
    for (const label of ['Home page notice', 'Order preparing notice', 'Dine-in notice']) {
      expect(within(section('Notices')).getByLabelText(label)).toBeTruthy();
    }
  });

  it('shows the merchant id but never the password; edit disables the fixed fields (S2.103–S2.106)', async () => {
    await openStore();
    const info = section('Business info');
    expect(within(info).getByText('demo')).toBeTruthy();
    expect(info.textContent).toContain('••••••••');
    fireEvent.click(within(info).getByRole('button', { name: /Edit/ }));
    for (const label of ['Name', 'Merchant id', 'Address', 'Web site']) {
      expect((within(info).getByLabelText(label) as HTMLInputElement).disabled).toBe(true);
    }
    expect((within(info).getByLabelText('Phone') as HTMLInputElement).disabled).toBe(false);
    expect((within(info).getByLabelText('Email') as HTMLInputElement).disabled).toBe(false);
    expect(within(info).queryByLabelText(/password/i)).toBeNull();
  });

  it('checks a save before sending it, then saves and says "Updated"', async () => {
    await openStore();
    const tax = section('Tax rate');
    fireEvent.click(within(tax).getByRole('button', { name: /Edit/ }));
    fireEvent.change(within(tax).getByRole('textbox', { name: 'Tax rate' }), {
      target: { value: '2' },
    });
    fireEvent.click(within(tax).getByRole('button', { name: 'Save' }));
    expect(await within(tax).findByText(MESSAGES.TAX_RATE)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(within(tax).getByRole('textbox', { name: 'Tax rate' }), {
      target: { value: '0.1' },
    });
    fireEvent.click(within(tax).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.UPDATED)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    // Sent with the settingsVersion read (issue 28: a save another one overtook is refused).
    expect(put?.body).toEqual({ taxRate: '0.1', settingsVersion: SETTINGS.settingsVersion });
    // Back to the read view with the saved value.
    await waitFor(() => expect(tax.textContent).toContain('0.1 (10 %)'));
  });

  it('asks before Cancel throws the changes away (S2.90)', async () => {
    await openStore();
    const notices = section('Notices');
    fireEvent.click(within(notices).getByRole('button', { name: /Edit/ }));
    fireEvent.change(within(notices).getByLabelText('Home page notice'), {
      target: { value: 'Closed Monday' },
    });
    fireEvent.click(within(notices).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    expect(confirm.textContent).toContain('Are you sure? Changes will not be saved.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect((within(notices).getByLabelText('Home page notice') as HTMLTextAreaElement).value).toBe(
      'Closed Monday',
    );

    fireEvent.click(within(notices).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    await waitFor(() => expect(within(notices).queryByLabelText('Home page notice')).toBeNull());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("shows the section's save failure and the server's field message (spec §8)", async () => {
    saveAnswer = () =>
      jsonResponse(400, {
        code: 'invalid_input',
        message: 'Invalid',
        issues: [{ path: ['body', 'phone'], message: 'Please enter a valid Phone number' }],
      });
    await openStore();
    const info = section('Business info');
    fireEvent.click(within(info).getByRole('button', { name: /Edit/ }));
    fireEvent.change(within(info).getByLabelText('Phone'), { target: { value: '212 555 0100' } });
    fireEvent.click(within(info).getByRole('button', { name: 'Save' }));
    // The alert (1.5 s) and the same text written in the section until the next edit (issue 28).
    const [alert] = await screen.findAllByText(/^Fail to save businessInfo_update\./);
    expect(alert!.textContent).toContain(MESSAGES.CHECK_NETWORK);
    const written = within(info).getByTestId('section-failure');
    expect(written.textContent).toContain('Fail to save businessInfo_update.');
    await waitFor(
      () => expect(screen.getAllByText(/^Fail to save businessInfo_update\./)).toHaveLength(1),
      {
        timeout: 3000,
      },
    );
    expect(within(info).getByTestId('section-failure')).toBeTruthy();
    expect(await within(info).findByText('Please enter a valid Phone number')).toBeTruthy();
    // Still editing, with what was typed.
    expect((within(info).getByLabelText('Phone') as HTMLInputElement).value).toBe('212 555 0100');
    // The next edit takes the written failure away.
    fireEvent.change(within(info).getByLabelText('Phone'), { target: { value: '212 555 0101' } });
    expect(within(info).queryByTestId('section-failure')).toBeNull();
  });

  it('says another save came first, keeps it written, and Reload reads the settings again', async () => {
    saveAnswer = () =>
      jsonResponse(409, {
        code: 'conflict',
        message: SETTINGS_CHANGED_ELSEWHERE,
        issues: [{ path: ['body', 'settingsVersion'], message: SETTINGS_CHANGED_ELSEWHERE }],
      });
    await openStore();
    const notices = section('Notices');
    fireEvent.click(within(notices).getByRole('button', { name: /Edit/ }));
    fireEvent.change(within(notices).getByLabelText('Home page notice'), {
      target: { value: 'Closed Monday' },
    });
    fireEvent.click(within(notices).getByRole('button', { name: 'Save' }));
    const written = await within(notices).findByTestId('section-failure');
    expect(written.textContent).toContain(SETTINGS_CHANGED_ELSEWHERE);
    const reads = calls.filter((c) => c.url.pathname.endsWith('/settings')).length;
    fireEvent.click(within(written).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname.endsWith('/settings')).length).toBe(reads + 1),
    );
    expect(within(notices).queryByLabelText('Home page notice')).toBeNull();
    expect(within(notices).queryByTestId('section-failure')).toBeNull();
  });

  it('has a section index whose entries name the section in the address', async () => {
    const probe = await openStore();
    const index = screen.getByRole('navigation', { name: 'Store sections' });
    fireEvent.click(within(index).getByRole('link', { name: 'Tip presets' }));
    await waitFor(() => expect(probe.search).toContain('section=tips'));
    expect(
      within(index).getByRole('link', { name: 'Tip presets' }).getAttribute('aria-current'),
    ).toBe('location');
    for (const name of ['Time zone', 'Tip presets', 'Promo codes']) {
      expect(section(name)).toBeTruthy();
    }
  });

  // Issue 31: the merchant's own export as plain download links (the browser's own download).
  it('offers the data export as download links to the merchant’s own files', async () => {
    await openStore();
    const links = within(section('Download my data')).getAllByRole('link');
    expect(
      links.map((a) => [a.textContent, a.getAttribute('href'), a.hasAttribute('download')]),
    ).toEqual([
      ['Settings and menu (JSON)', '/api/merchantExports/merchantId/demo/store.json', true],
      ['Orders (CSV)', '/api/merchantExports/merchantId/demo/orders.csv', true],
      ['Orders (JSON lines)', '/api/merchantExports/merchantId/demo/orders.jsonl', true],
    ]);
  });

  it('changes the password only with the current one (S2.105)', async () => {
    await openStore();
    const info = section('Business info');
    fireEvent.click(within(info).getByRole('button', { name: 'Change password' }));
    const form = within(info).getByRole('form', { name: 'Change password' });
    expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    fireEvent.click(within(form).getByRole('button', { name: 'Save password' }));
    expect(within(form).getAllByText(MESSAGES.REQUIRED)).toHaveLength(2);
    expect(calls.some((c) => c.url.pathname.endsWith('/password'))).toBe(false);

    fireEvent.change(within(form).getByLabelText('Current password'), {
      target: { value: 'not-it' },
    });
    fireEvent.change(within(form).getByLabelText('New password'), {
      target: { value: 'Newpass123' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save password' }));
    expect(await within(form).findByText('Wrong password')).toBeTruthy();
    const sent = calls.find((c) => c.url.pathname.endsWith('/password'));
    expect(sent?.body).toEqual({ currentPassword: 'not-it', newPassword: 'Newpass123' });
  });

  it('lists the tables, each with its QR code modal (S2.107)', async () => {
    await openStore();
    const tables = section('Dine-in tables');
    fireEvent.click(within(tables).getByRole('button', { name: 'QR code for table Patio 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Table Patio 2' }, LAZY);
    const link = await within(dialog).findByRole('link', { name: /dinein/ }, LAZY);
    expect(link.getAttribute('href')).toBe('http://localhost:3000/store/demo/dinein/Patio%202');
  });
});
