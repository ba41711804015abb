// The Store pane's card gateway (docs/decisions/payment-credentials.md): the saved credentials shown
// as a summary without a secret, each provider's own fields (secrets as password inputs, the
// environment as Test/Live), the schema's messages before sending and the server's after, both on
// their fields, and the TransIT key button only when the key route is there.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentGatewayView } from '../../../contract/payment-gateway.js';
import { MESSAGES } from '../../../domain/messages.js';
import { jsonResponse, LAZY, renderRoute } from '../../test-data/render.js';
import { type Call, mockApi, renderDashboardPart, SETTINGS } from '../test/dashboard-testkit.js';
import {
  type GenerateTransitKey,
  PaymentGatewaySection,
} from './sections/PaymentGatewaySection.js';

const OFFERED: PaymentGatewayView['offered'] = ['sandbox', 'cardPointe', 'tsys', 'authorizeNet'];
const SAVED_CARDPOINTE: PaymentGatewayView = {
  provider: 'cardPointe',
  offered: OFFERED,
  credentials: {
    provider: 'cardPointe',
    environment: 'uat',
    accountHint: '3888',
    setAt: '2026-05-12T15:00:00.000Z',
  },
};
const NOTHING_SAVED: PaymentGatewayView = {
  provider: 'sandbox',
  offered: OFFERED,
  credentials: null,
};
const CARDPOINTE = {
  site: 'forkfultest',
  merchid: '496160873888',
  username: 'cp-api-user-7',
  password: 'Cp-S3cret-Pass-Word',
};

let calls: Call[];
let current: PaymentGatewayView;
let putAnswer: (body: unknown) => Response;

beforeEach(() => {
  current = NOTHING_SAVED;
  putAnswer = () => jsonResponse(200, SAVED_CARDPOINTE);
  calls = mockApi([
    ['GET', /\/paymentGateway$/, () => jsonResponse(200, current)],
    [
      'PUT',
      /^\/api\/merchants\/merchantId\/demo\/paymentGateway$/,
      (_url, init) => putAnswer(JSON.parse(String(init?.body))),
    ],
    ['GET', /\/businessInfo\/settings$/, () => jsonResponse(200, SETTINGS)],
  ]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function renderSection(generateKey?: GenerateTransitKey) {
  renderDashboardPart(<PaymentGatewaySection merchantId="demo" generateKey={generateKey} />);
  // Loaded: the read view's facts (the loading placeholder is another element).
  await screen.findByText('Card gateway', { selector: 'dt' });
  return screen.getByRole('region', { name: 'Card gateway' });
}
const edit = (section: HTMLElement) =>
  fireEvent.click(within(section).getByRole('button', { name: 'Edit Card gateway' }));
const field = (section: HTMLElement, label: RegExp) =>
  within(section).getByLabelText(label) as HTMLInputElement;
const select = (section: HTMLElement, name: string) =>
  within(section).getByRole('combobox', { name }) as HTMLSelectElement;
const choose = (section: HTMLElement, name: string, option: string) =>
  fireEvent.change(select(section, name), { target: { value: option } });
/** The message linked to a field (aria-describedby), as a screen reader reads it. */
const messageOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const labelsIn = (section: HTMLElement) =>
  [...section.querySelectorAll('fieldset label')].map((l) => l.textContent);

describe('the card gateway section', () => {
  it('shows what is saved, in words, and never a secret', async () => {
    current = SAVED_CARDPOINTE;
    const section = await renderSection();
    expect(section.textContent).toContain('CardPointe');
    expect(section.textContent).toContain(
      'Credentials saved for CardPointe, account …3888, test environment',
    );
    edit(section);
    // The edit view keeps the saved credentials unless asked to replace them; nothing is filled in.
    expect(section.textContent).toContain('Credentials saved for CardPointe, account …3888');
    fireEvent.click(within(section).getByLabelText('Replace the saved credentials'));
    expect(field(section, /^Merchant ID/).value).toBe('');
    expect(field(section, /^API password/).value).toBe('');
  });

  it('says when the current gateway has no credentials saved', async () => {
    current = { provider: 'tsys', offered: OFFERED, credentials: SAVED_CARDPOINTE.credentials };
    const section = await renderSection();
    expect(section.textContent).toContain(
      'Cards cannot be taken until the TSYS credentials are entered.',
    );
  });

  it("asks for each provider's own fields, secrets as password inputs, the environment as Test or Live", async () => {
    const section = await renderSection();
    expect(section.textContent).toContain('None saved');
    edit(section);
    expect(within(section).getByText(/needs no credentials/)).toBeTruthy();
    expect(within(section).queryByRole('group')).toBeNull();

    choose(section, 'Card gateway', 'cardPointe');
    expect(labelsIn(section)).toEqual([
      'Site *',
      'Merchant ID *',
      'API username *',
      'API password *',
      'Environment',
    ]);
    const password = field(section, /^API password/);
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('off');
    expect(field(section, /^Merchant ID/).type).toBe('text');
    const env = select(section, 'Environment');
    expect([...env.options].map((o) => o.text)).toEqual(['Test (UAT)', 'Live']);

    choose(section, 'Card gateway', 'tsys');
    expect(labelsIn(section)).toEqual([
      'Device ID *',
      'Transaction key *',
      'Developer ID (optional)',
      'Environment',
    ]);
    expect(field(section, /^Transaction key/).type).toBe('password');
    const tsysEnv = select(section, 'Environment');
    expect([...tsysEnv.options].map((o) => o.text)).toEqual(['Test (stage)', 'Live']);
    // The key request is not offered until its route exists.
    expect(within(section).queryByRole('button', { name: 'Get a transaction key…' })).toBeNull();

    choose(section, 'Card gateway', 'authorizeNet');
    expect(labelsIn(section)).toEqual(['API Login ID *', 'Transaction key *', 'Environment']);
    // Only the gateways this server offers.
    const providers = select(section, 'Card gateway');
    expect([...providers.options].map((o) => o.text)).toEqual([
      'Sandbox (test cards)',
      'CardPointe',
      'TSYS',
      'Authorize.Net',
    ]);
  });

  it("shows the schema's messages on their fields before sending anything", async () => {
    const section = await renderSection();
    edit(section);
    choose(section, 'Card gateway', 'cardPointe');
    fireEvent.change(field(section, /^Merchant ID/), { target: { value: '49616x' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(messageOf(field(section, /^Merchant ID/))).toContain('Merchant ID is digits only'),
    );
    expect(messageOf(field(section, /^API password/))).toContain('API password is required');
    expect(field(section, /^Site/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("shows the server's field messages on their fields", async () => {
    putAnswer = () =>
      jsonResponse(400, {
        code: 'invalid_input',
        message: 'Site may hold letters, digits and dashes only',
        issues: [
          {
            path: ['body', 'credentials', 'site'],
            message: 'Site may hold letters, digits and dashes only',
          },
        ],
      });
    const section = await renderSection();
    edit(section);
    choose(section, 'Card gateway', 'cardPointe');
    for (const [label, value] of [
      [/^Site/, CARDPOINTE.site],
      [/^Merchant ID/, CARDPOINTE.merchid],
      [/^API username/, CARDPOINTE.username],
      [/^API password/, CARDPOINTE.password],
    ] as const) {
      fireEvent.change(field(section, label), { target: { value } });
    }
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(messageOf(field(section, /^Site/))).toContain(
        'Site may hold letters, digits and dashes only',
      ),
    );
    expect((await screen.findAllByText(/^Fail to save store setting/)).length).toBeGreaterThan(0);
    // Still editing, with what was typed.
    expect(field(section, /^API password/).value).toBe(CARDPOINTE.password);
  });

  it('saves the provider with its credentials, then shows the summary and none of them', async () => {
    const section = await renderSection();
    edit(section);
    choose(section, 'Card gateway', 'cardPointe');
    for (const [label, value] of [
      [/^Site/, CARDPOINTE.site],
      [/^Merchant ID/, CARDPOINTE.merchid],
      [/^API username/, CARDPOINTE.username],
      [/^API password/, CARDPOINTE.password],
    ] as const) {
      fireEvent.change(field(section, label), { target: { value } });
    }
    choose(section, 'Environment', 'production');
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.UPDATED)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      provider: 'cardPointe',
      credentials: { ...CARDPOINTE, environment: 'production' },
    });
    await waitFor(() =>
      expect(section.textContent).toContain(
        'Credentials saved for CardPointe, account …3888, test environment',
      ),
    );
    for (const secret of Object.values(CARDPOINTE)) {
      expect(document.body.textContent).not.toContain(secret);
    }
  });

  it('switches back to a provider with saved credentials without typing them again', async () => {
    current = { ...SAVED_CARDPOINTE, provider: 'sandbox' };
    const section = await renderSection();
    edit(section);
    choose(section, 'Card gateway', 'cardPointe');
    expect(within(section).queryByLabelText(/^API password/)).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.UPDATED)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      provider: 'cardPointe',
      credentials: null,
    });
  });

  it('offers the TransIT key request when the key route is there (the slot)', async () => {
    const generateKey = vi.fn<GenerateTransitKey>(async () => ({
      provider: 'sandbox',
      offered: OFFERED,
      credentials: { provider: 'tsys', environment: 'stage', accountHint: '3401', setAt: null },
    }));
    const section = await renderSection(generateKey);
    edit(section);
    choose(section, 'Card gateway', 'tsys');
    fireEvent.change(field(section, /^Device ID/), { target: { value: '88700000123401' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Get a transaction key…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get a transaction key' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get the key' }));
    expect(await within(dialog).findByText('MID is required')).toBeTruthy();
    expect(generateKey).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('MID'), { target: { value: '887000001234' } });
    fireEvent.change(within(dialog).getByLabelText('User ID'), { target: { value: 'owner' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'Tr4nsit!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get the key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(generateKey).toHaveBeenCalledWith('tsys', {
      mid: '887000001234',
      userId: 'owner',
      password: 'Tr4nsit!',
      deviceId: '88700000123401',
      environment: 'stage',
    });
    // The key is saved on the server: the form now keeps it.
    expect(section.textContent).toContain('Credentials saved for TSYS, account …3401');
    expect(within(section).queryByLabelText(/^Transaction key/)).toBeNull();
  });
});

describe('the Store pane', () => {
  it('lists the card gateway beside the payment methods', async () => {
    current = SAVED_CARDPOINTE;
    mockApi([
      [
        'GET',
        /^\/api\/merchantUsers\/isAuth$/,
        () => jsonResponse(200, { isAuth: true, merchantId: 'demo' }),
      ],
      ['GET', /\/businessInfo\/settings$/, () => jsonResponse(200, SETTINGS)],
      ['GET', /\/paymentGateway$/, () => jsonResponse(200, current)],
      ['GET', /^\/api\/categories7\/merchantId\/demo$/, () => jsonResponse(200, [])],
      ['GET', /latestOrder$/, () => jsonResponse(200, { orderId: null, _id: null })],
    ]);
    renderRoute('/merchant/merchantId/demo?pane=store');
    await screen.findByRole('heading', { level: 1, name: 'Store' }, LAZY);
    await screen.findByText('Card gateway', { selector: 'dt' }, LAZY);
    const section = screen.getByRole('region', { name: 'Card gateway' });
    expect(section.textContent).toContain(
      'Credentials saved for CardPointe, account …3888, test environment',
    );
    expect(
      within(screen.getByRole('region', { name: 'Payment' })).queryByText('Card gateway'),
    ).toBeNull();
  });
});
