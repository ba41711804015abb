// The order board journeys' diner (issue 27): places cash pickup orders through the diner's own
// HTTP routes (cookie, phone code through the dev outbox, cart, sendOrder), as the storefront
// would, so a journey can fill the board with many orders without driving the checkout each time.
import { randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { latestCode } from './checkout.js';

export interface BoardDiner {
  api: APIRequestContext;
  uid: string;
  phone: string;
}

/** A diner with its own cookie jar and a verified phone. */
export async function newBoardDiner(
  baseURL: string,
  request: APIRequestContext,
  phone: string,
): Promise<BoardDiner> {
  const api = await playwrightRequest.newContext({ baseURL });
  const uid = ((await (await api.get('/api/users/cookie')).json()) as { uid: string }).uid;
  const sent = await api.post('/api/verification/sendVeriCode', { data: { phoneNum: phone } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const code = await latestCode(request, phone);
  const ok = await api.post('/api/verification/verifyPhone', {
    data: { phoneNum: phone, verificationCode: code },
  });
  expect(ok.ok(), await ok.text()).toBe(true);
  return { api, uid, phone };
}

let itemCache: { _id: string; size: { _id: string }[] } | null = null;

/** Places a cash pickup order of one simple item for `name`; returns its _id. */
export function placeCashOrder(d: BoardDiner, name: string): Promise<string> {
  return placePickupOrder(d, name, 'cash');
}

/** The demo gateway's approved test card (the sandbox provider of `npm start` and the journeys). */
const TEST_CARD = {
  cardNumber: '4111 1111 1111 1111',
  cvv: '123',
  expiry: '12/30',
  billingStreet: '1 Main St',
  billingZip: '10013',
};

/** Places a pickup order of one simple item for `name`, paid in cash or by card; its _id. */
export async function placePickupOrder(
  d: BoardDiner,
  name: string,
  pay: 'cash' | 'card',
): Promise<string> {
  if (!itemCache) {
    const items = (await (await d.api.get('/api/items7/merchantId/demo/items')).json()) as {
      _id: string;
      name: string;
      size: { _id: string }[];
      options: { minNumberToSelect: number | null; numberToSelect: number }[];
    }[];
    itemCache = items.find((i) => i.name === 'Har Gow (4)') ?? null;
    expect(itemCache, 'the demo menu has Har Gow (4)').not.toBeNull();
  }
  const cart = `/api/shoppingCarts/merchantId/demo`;
  const added = await d.api.post(`${cart}/orderItems/${d.uid}`, {
    data: {
      orderItems: [
        {
          itemId: itemCache!._id,
          sizeId: itemCache!.size[0]?._id ?? null,
          options: {},
          quantity: 1,
          note: '',
        },
      ],
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const amounts = (
    (await (await d.api.get(`${cart}/userId/${d.uid}`)).json()) as {
      amounts: { totalCents: number };
    }
  ).amounts;
  const send = (expectedTotalCents: number) =>
    d.api.post(`${cart}/sendOrder/${d.uid}`, {
      data: {
        idempotencyKey: randomUUID(),
        checkout: {
          orderMethod: 'pickup',
          ...(pay === 'cash'
            ? { paymentMethod: 'cash' }
            : { paymentMethod: 'creditcard', card: TEST_CARD }),
          tip: { kind: 'percent', ratePpm: 0 },
          time: { kind: 'asap' },
          customerName: name,
          phone: d.phone,
        },
        expectedTotalCents,
      },
    });
  let placed = await send(amounts.totalCents);
  // The checkout's total (fees, tax on the method) differs from the cart's: the server says it.
  if (placed.status() === 409) {
    const now = /Now (\d+)/.exec(await placed.text())?.[1];
    if (now) placed = await send(Number(now));
  }
  expect(placed.ok(), await placed.text()).toBe(true);
  return ((await placed.json()) as { _id: string })._id;
}
