import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api.js';

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () => new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON with same-origin credentials and returns the parsed body', async () => {
    const fetchMock = respond(200, { merchantId: 'demo' });
    await expect(
      api.post('/api/merchantUsers/merchantLogin', { merchantUserName: 'demo' }),
    ).resolves.toEqual({
      merchantId: 'demo',
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/merchantUsers/merchantLogin');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"merchantUserName":"demo"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('turns an error body into a typed ApiError with its code, message and issues', async () => {
    respond(400, {
      code: 'invalid_input',
      message: 'Invalid input',
      issues: [{ path: ['phone'], message: 'Please enter your valid phone number' }],
    });
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('invalid_input');
    expect(apiError.message).toBe('Invalid input');
    expect(apiError.fieldMessage('phone')).toBe('Please enter your valid phone number');
  });

  it('keeps the server message of a failed sign-in', async () => {
    respond(401, { code: 'unauthenticated', message: 'Invalid credentials provided' });
    await expect(api.post('/api/merchantUsers/merchantLogin', {})).rejects.toMatchObject({
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
    await expect(api.get('/api/x')).rejects.toMatchObject({
      status: 502,
      code: 'upstream_unavailable',
    });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
