import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { getAddressSuggestions } from '../../contract/utils.js';
import { listFirstItems, type PublicItemView } from '../../contract/menu.js';
import { merchantIsAuth, merchantLogin } from '../../contract/merchants.js';
import { getBusinessInfo } from '../../contract/store.js';
import { errorBody } from '../../contract/errors.js';
import { ApiError, call, isErrorBody, urlOf } from './api.js';

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () => new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const demoInfo = () => call(getBusinessInfo, { params: { merchantId: 'demo' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON with same-origin credentials and returns the parsed body', async () => {
    const fetchMock = respond(200, { merchantId: 'demo' });
    await expect(
      call(merchantLogin, { body: { merchantUserName: 'demo', merchantPassword: 'pw' } }),
    ).resolves.toEqual({ merchantId: 'demo' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/merchantUsers/merchantLogin');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"merchantUserName":"demo","merchantPassword":"pw"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it("fills the route's path parameters, encoded, and sends a GET without a body", async () => {
    const fetchMock = respond(200, []);
    await call(listFirstItems, { params: { merchantId: 'a b/c', n: 10 } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/items7/merchantId/a%20b%2Fc/limit/10/items');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('adds the query, leaving out what is not set', () => {
    expect(
      urlOf(getAddressSuggestions, undefined, { input: '10013 NY', sessionToken: undefined }),
    ).toBe('/api/utils/addressSuggestions?input=10013+NY');
  });

  it("types the answer from the route's success schema", () => {
    expectTypeOf(call<typeof merchantIsAuth>).returns.resolves.toEqualTypeOf<{
      isAuth: boolean;
      merchantId?: string | undefined;
    }>();
    expectTypeOf(call<typeof listFirstItems>).returns.resolves.toEqualTypeOf<PublicItemView[]>();
    expectTypeOf(call<typeof merchantLogin>)
      .parameter(1)
      .toHaveProperty('body')
      .toEqualTypeOf<{ merchantUserName: string; merchantPassword: string }>();
  });

  it('turns an error body into a typed ApiError with its code, message and issues', async () => {
    respond(400, {
      code: 'invalid_input',
      message: 'Invalid input',
      issues: [{ path: ['phone'], message: 'Please enter your valid phone number' }],
    });
    const error = await demoInfo().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('invalid_input');
    expect(apiError.message).toBe('Invalid input');
    expect(apiError.fieldMessage('phone')).toBe('Please enter your valid phone number');
  });

  it('keeps the server message of a failed sign-in', async () => {
    respond(401, { code: 'unauthenticated', message: 'Invalid credentials provided' });
    await expect(
      call(merchantLogin, { body: { merchantUserName: 'demo', merchantPassword: 'x' } }),
    ).rejects.toMatchObject({
      status: 401,
      code: 'unauthenticated',
      message: 'Invalid credentials provided',
    });
  });

  it('names the status when the error body is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(demoInfo()).rejects.toMatchObject({ status: 502, code: 'upstream_unavailable' });
  });

  it("reads the code from the status when the body's code is not one of the contract's", async () => {
    respond(409, { code: 'made_up', message: 'x' });
    await expect(demoInfo()).rejects.toMatchObject({ status: 409, code: 'conflict' });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(demoInfo()).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  // M8.10: a server error reads "Internal error [reference]" with the advice, never details.
  it('turns a 500 into "Internal error [reference]" and the advice to contact support', async () => {
    respond(500, { code: 'internal', message: 'Internal error', reference: '3f2a9c1e' });
    await expect(demoInfo()).rejects.toMatchObject({
      status: 500,
      code: 'internal',
      message:
        'Internal error [3f2a9c1e]. Please try again; if it keeps happening, contact support and quote this code.',
    });
  });

  it("gives a 500 without a JSON body the response's request id as its reference", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('TypeError: x is undefined\n    at /srv/app.js:1:1', {
            status: 500,
            headers: { 'x-request-id': '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d' },
          }),
      ),
    );
    await expect(demoInfo()).rejects.toMatchObject({
      message:
        'Internal error [9b1deb4d]. Please try again; if it keeps happening, contact support and quote this code.',
    });
    respond(502, undefined);
    await expect(demoInfo()).rejects.toMatchObject({ message: 'Request failed (502)' });
    respond(500, undefined);
    await expect(demoInfo()).rejects.toMatchObject({
      message: 'Internal error. Please try again; if it keeps happening, contact support.',
    });
  });

  // isErrorBody stands in for the contract's errorBody schema in the first load: same verdicts.
  it.each([
    [{ code: 'conflict', message: 'x' }],
    [{ code: 'invalid_input', message: '', issues: [] }],
    [
      {
        code: 'invalid_input',
        message: 'Bad',
        issues: [{ path: ['body', 'phone', 0], message: 'Invalid' }],
      },
    ],
    [{ code: 'made_up', message: 'x' }],
    [{ code: 'toString', message: 'x' }],
    [{ code: 'internal', message: 'Internal error', reference: '3f2a9c1e' }],
    [{ code: 'internal', message: 'Internal error', reference: 7 }],
    [{ code: 'conflict' }],
    [{ code: 'conflict', message: 3 }],
    [{ code: 'conflict', message: 'x', issues: 'no' }],
    [{ code: 'conflict', message: 'x', issues: [{ path: 'body', message: 'x' }] }],
    [{ code: 'conflict', message: 'x', issues: [{ path: [true], message: 'x' }] }],
    [{ code: 'conflict', message: 'x', issues: [{ path: [Number.NaN], message: 'x' }] }],
    [{ code: 'conflict', message: 'x', issues: [{ path: [] }] }],
    [null],
    ['conflict'],
    [[]],
  ])('reads %j as an error body exactly when the contract does', (body) => {
    expect(isErrorBody(body)).toBe(errorBody.safeParse(body).success);
  });
});
