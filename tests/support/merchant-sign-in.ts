// Merchant sign-in against a running server process, as the dashboard does it.
export async function merchantSignIn(
  base: string,
  merchantId: string,
  password: string,
): Promise<{ status: number; cookie: string }> {
  const res = await fetch(`${base}/api/merchantUsers/merchantLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ merchantUserName: merchantId, merchantPassword: password }),
  });
  await res.arrayBuffer();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: res.status, cookie };
}
