// Merchant sign-in against a running server process, as the dashboard does it. A production
// process sheds load (503 with Retry-After) while its event loop is still busy from starting on a
// loaded machine; like a browser, this waits as told and tries again, a few times.
import { setTimeout as sleep } from 'node:timers/promises';

export async function merchantSignIn(
  base: string,
  merchantId: string,
  password: string,
): Promise<{ status: number; cookie: string }> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${base}/api/merchantUsers/merchantLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ merchantUserName: merchantId, merchantPassword: password }),
    });
    await res.arrayBuffer();
    const retryAfter = Number(res.headers.get('retry-after'));
    if (res.status === 503 && retryAfter > 0 && attempt < 5) {
      await sleep(retryAfter * 1000);
      continue;
    }
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { status: res.status, cookie };
  }
}
