// The menu pane's image uploads (issue 12; spec §7 "POST /api/files/upload (multipart field file);
// DELETE /api/files/remove/fileName/{name}"): PNG or JPEG judged by content, size-limited,
// re-encoded by sharp to the storefront's item-image size, kept in the database for the signed-in
// merchant only, taken by item_complete (takePendingUpload) or removed, and deleted by the cleanup
// job once abandoned. Checklist: C7.26, C7.27, C7.28, C7.33, C7.34, V5.94, P6.14.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ITEM_IMAGE_SIZE,
  UPLOAD_MAX_BYTES,
  UPLOAD_PENDING_MAX,
  UPLOAD_TTL_MINUTES,
  type UploadAnswer,
} from '../../src/contract/files.js';
import type { App } from '../../src/server/app.js';
import { images, pendingUploads } from '../../src/server/db/schema/index.js';
import { takePendingUpload } from '../../src/server/modules/files/index.js';
import {
  createCustomer,
  createMerchant,
  signInCustomer,
  signInMerchant,
} from '../support/fixtures.js';
import { multipart, type Part } from '../support/multipart.js';
import { createTestApp, manualClock } from '../support/test-app.js';

const clock = manualClock('2026-06-02T15:00:00Z');
let t: App;
type SignedIn = Awaited<ReturnType<typeof createMerchant>> & { cookie: string };
let m: SignedIn;
let other: SignedIn;
let customerCookie = '';

beforeAll(async () => {
  // Many uploads from one address: the per-address limit is scaled out (it has its own tests).
  t = await createTestApp({ clock, env: { RATE_LIMIT_MULTIPLIER: '100' } });
  const a = await createMerchant(t.ctx.db);
  m = { ...a, cookie: await signInMerchant(t.app, a.merchantId, a.password) };
  const b = await createMerchant(t.ctx.db);
  other = { ...b, cookie: await signInMerchant(t.app, b.merchantId, b.password) };
  const c = await createCustomer(t.ctx.db);
  customerCookie = await signInCustomer(t.app, c.email, c.password);
});
afterAll(() => t.app.close());
beforeEach(async () => {
  // Each test starts with no uploads, so the per-merchant cap never carries over.
  await t.ctx.db.delete(pendingUploads);
});

const upload = (parts: Part[], cookie: string) => {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
};
const uploadImage = (
  data: Buffer,
  cookie = m.cookie,
  filename = 'dish.png',
  contentType = 'image/png',
) => upload([{ name: 'file', filename, contentType, data }], cookie);
const remove = (name: string, cookie = m.cookie) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/files/remove/fileName/${name}`,
    headers: cookie ? { cookie } : {},
  });

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 30 } } });
const png = (width = 1200, height = 900) => photo(width, height).png().toBuffer();
const jpeg = (width = 640, height = 640) => photo(width, height).jpeg().toBuffer();

const pendingOf = (merchantUuid: string) =>
  t.ctx.db.select().from(pendingUploads).where(eq(pendingUploads.merchantId, merchantUuid));
const take = (merchantUuid: string, fileName: string) =>
  t.ctx.db.transaction((tx) => takePendingUpload(tx, merchantUuid, fileName, clock.now()));

describe('POST /api/files/upload', () => {
  it('re-encodes a PNG to the WebP item image the storefront shows, kept for the merchant (C7.33)', async () => {
    const res = await uploadImage(await png(1200, 900));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<UploadAnswer>();
    expect(body.fileName).toMatch(/^[0-9a-f-]{36}\.webp$/);
    expect(body).toMatchObject({ contentType: 'image/webp', ...ITEM_IMAGE_SIZE });
    expect(new Date(body.expiresAt).getTime() - clock.now().getTime()).toBe(
      UPLOAD_TTL_MINUTES * 60_000,
    );
    const [row] = await pendingOf(m.id);
    expect(`${row!.id}.webp`).toBe(body.fileName);
    expect(row!.bytes.length).toBe(body.size);
    const stored = await sharp(row!.bytes).metadata();
    expect(stored).toMatchObject({ format: 'webp', ...ITEM_IMAGE_SIZE });
    // A square JPEG is cropped to the same 3:2 size.
    const square = await uploadImage(await jpeg(640, 640), m.cookie, 'dish.jpg', 'image/jpeg');
    expect(square.statusCode, square.body).toBe(200);
    expect(square.json()).toMatchObject({ contentType: 'image/webp', ...ITEM_IMAGE_SIZE });
  });

  it('judges by content, not by the name or declared type, and keeps none of the metadata (V5.94)', async () => {
    const withExif = await photo(900, 600)
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    // A JPEG named .gif and declared as a GIF is a JPEG.
    const res = await uploadImage(withExif, m.cookie, 'odd-name.gif', 'image/gif');
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await pendingOf(m.id);
    const stored = await sharp(row!.bytes).metadata();
    expect(stored).toMatchObject({ format: 'webp', ...ITEM_IMAGE_SIZE });
    expect(stored.exif).toBeUndefined();
    expect(row!.bytes.includes(Buffer.from('secret-location'))).toBe(false);
  });

  it('refuses bytes that are not a PNG or JPEG, whatever they are called, naming the field (V5.94)', async () => {
    const notImages: [string, Buffer][] = [
      ['text named .png', Buffer.from('just some text, not a picture at all')],
      ['HTML named .png', Buffer.from('<html><script>alert(1)</script></html>'.padEnd(200, ' '))],
      [
        'SVG named .png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      ],
      ['GIF', await photo(40, 40).gif().toBuffer()],
      ['WebP', await photo(40, 40).webp().toBuffer()],
      [
        'PNG signature then junk',
        Buffer.concat([(await png(40, 40)).subarray(0, 8), randomBytes(400)]),
      ],
      ['cut-off PNG', (await png(400, 300)).subarray(0, 60)],
    ];
    for (const [label, data] of notImages) {
      const res = await uploadImage(data, m.cookie, 'dish.png', 'image/png');
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      const body = res.json();
      expect(body.code).toBe('invalid_input');
      expect(body.message, label).toMatch(/"file"/);
      expect(body.issues[0].path).toEqual(['body', 'file']);
    }
    expect(await pendingOf(m.id)).toEqual([]);
  });

  it('refuses a file over the size cap with 413, naming the field and storing nothing', async () => {
    const big = Buffer.concat([await png(40, 40), Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const res = await uploadImage(big);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'payload_too_large',
      message: 'The "file" field is larger than 5 MiB',
      issues: [{ path: ['body', 'file'] }],
    });
    expect(await pendingOf(m.id)).toEqual([]);
  });

  it('refuses a file just over the cap sent over a real connection, rather than cutting it short', async () => {
    // Over a socket the body arrives in chunks, and the multipart parser may end the file at the
    // cap without an error. A valid PNG followed by padding still decodes when cut at the cap, so
    // only the size check stops it.
    const big = Buffer.concat([await png(40, 40), Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const form = new FormData();
    form.append('file', new Blob([big], { type: 'image/png' }), 'a.png');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`${address}/api/files/upload`, {
        method: 'POST',
        headers: { cookie: m.cookie },
        body: form,
      });
      expect(res.status).toBe(413);
      const body = (await res.json()) as { issues: { path: string[] }[] };
      expect(body.issues[0]!.path).toEqual(['body', 'file']);
    } finally {
      await t.app.server.close();
    }
    expect(await pendingOf(m.id)).toEqual([]);
  });

  it('refuses an upload without the "file" field, in another field, or not multipart (C7.33)', async () => {
    const image = await png(40, 40);
    const cases = [
      ['only a text field', await upload([{ name: 'note', data: 'hello' }], m.cookie)],
      ['"file" as a text field', await upload([{ name: 'file', data: 'hello' }], m.cookie)],
      [
        'another field name',
        await upload(
          [{ name: 'image', filename: 'a.png', contentType: 'image/png', data: image }],
          m.cookie,
        ),
      ],
      [
        'JSON',
        await t.app.inject({
          method: 'POST',
          url: '/api/files/upload',
          headers: { cookie: m.cookie },
          payload: { file: image.toString('base64') },
        }),
      ],
      [
        'no body',
        await t.app.inject({
          method: 'POST',
          url: '/api/files/upload',
          headers: { cookie: m.cookie },
        }),
      ],
      [
        'broken multipart',
        await t.app.inject({
          method: 'POST',
          url: '/api/files/upload',
          headers: { cookie: m.cookie, 'content-type': 'multipart/form-data; boundary=xyz' },
          payload:
            '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
        }),
      ],
    ] as const;
    for (const [label, res] of cases) {
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json().message, label).toMatch(/"file"/);
    }
    expect(await pendingOf(m.id)).toEqual([]);
  });

  it('is for a signed-in merchant only (P6.14)', async () => {
    const image = await png(40, 40);
    for (const cookie of ['', customerCookie]) {
      const res = await uploadImage(image, cookie);
      expect(res.statusCode).toBe(401);
    }
    expect(await t.ctx.db.select().from(pendingUploads)).toEqual([]);
  });

  it(`holds at most ${UPLOAD_PENDING_MAX} unused uploads per merchant, with a clear refusal`, async () => {
    const image = await png(40, 40);
    for (let i = 0; i < UPLOAD_PENDING_MAX; i++) {
      expect((await uploadImage(image)).statusCode).toBe(200);
    }
    const res = await uploadImage(image);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/unused uploads/);
    // Another merchant is not held back by this one's uploads.
    expect((await uploadImage(image, other.cookie)).statusCode).toBe(200);
    // Removing one makes room again.
    const [first] = await pendingOf(m.id);
    expect((await remove(`${first!.id}.webp`)).json()).toEqual({ success: true, removed: true });
    expect((await uploadImage(image)).statusCode).toBe(200);
  });
});

describe('DELETE /api/files/remove/fileName/{name}', () => {
  it("removes the merchant's own unused upload, and is a no-op the second time (C7.28)", async () => {
    const { fileName } = (await uploadImage(await png(40, 40))).json<UploadAnswer>();
    const first = await remove(fileName);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, removed: true });
    expect(await pendingOf(m.id)).toEqual([]);
    expect((await remove(fileName)).json()).toEqual({ success: true, removed: false });
  });

  it("never touches another merchant's upload, and refuses anyone signed out (C7.34)", async () => {
    const { fileName } = (await uploadImage(await png(40, 40))).json<UploadAnswer>();
    const res = await remove(fileName, other.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, removed: false });
    expect(await pendingOf(m.id)).toHaveLength(1);
    expect((await remove(fileName, '')).statusCode).toBe(401);
    expect((await remove(fileName, customerCookie)).statusCode).toBe(401);
    expect(await pendingOf(m.id)).toHaveLength(1);
  });

  it('refuses names that are not an upload name, such as a path (C7.34)', async () => {
    for (const name of [
      '..%2Fx',
      '..%2F..%2Fetc%2Fpasswd',
      'x.webp',
      'a%5Cb',
      `${'0'.repeat(36)}.webp`,
    ]) {
      const res = await remove(name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().issues[0].path).toEqual(['params', 'name']);
    }
  });
});

describe('takePendingUpload (for item_complete, C7.26, C7.27)', () => {
  it('turns the upload into a stored image served at /images/{id}.webp, once', async () => {
    const { fileName, size } = (await uploadImage(await png(1000, 700))).json<UploadAnswer>();
    const [pending] = await pendingOf(m.id);
    const taken = await take(m.id, fileName);
    expect(taken).toEqual({ imageId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await pendingOf(m.id)).toEqual([]);
    const [image] = await t.ctx.db.select().from(images).where(eq(images.id, taken!.imageId));
    expect(image).toMatchObject({
      merchantId: m.id,
      contentType: 'image/webp',
      ...ITEM_IMAGE_SIZE,
    });
    expect(Buffer.compare(image!.bytes, pending!.bytes)).toBe(0);
    const served = await t.app.inject(`/images/${taken!.imageId}.webp`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.length).toBe(size);
    // Used up: a second take finds nothing, and the dashboard's DELETE after item_complete is a no-op.
    expect(await take(m.id, fileName)).toBeNull();
    expect((await remove(fileName)).json()).toEqual({ success: true, removed: false });
  });

  it("gives one image to only one of two takes at once, and nothing for another merchant's upload", async () => {
    const { fileName } = (await uploadImage(await png(40, 40))).json<UploadAnswer>();
    expect(await take(other.id, fileName)).toBeNull();
    const results = await Promise.all([take(m.id, fileName), take(m.id, fileName)]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await take(m.id, 'not-a-name')).toBeNull();
  });

  it('leaves the upload in place when the transaction that took it rolls back', async () => {
    const { fileName } = (await uploadImage(await png(40, 40))).json<UploadAnswer>();
    const imagesBefore = (await t.ctx.db.select({ id: images.id }).from(images)).length;
    await expect(
      t.ctx.db.transaction(async (tx) => {
        expect(await takePendingUpload(tx, m.id, fileName, clock.now())).not.toBeNull();
        throw new Error('item_complete failed after taking the image');
      }),
    ).rejects.toThrow(/item_complete failed/);
    expect(await pendingOf(m.id)).toHaveLength(1);
    expect((await t.ctx.db.select({ id: images.id }).from(images)).length).toBe(imagesBefore);
    expect(await take(m.id, fileName)).not.toBeNull();
  });
});

describe('abandoned uploads', () => {
  it('expire after the TTL (no longer taken) and the cleanup job deletes them, leaving fresh ones', async () => {
    const old = (await uploadImage(await png(40, 40))).json<UploadAnswer>();
    clock.advance(UPLOAD_TTL_MINUTES * 60_000 - 1000);
    const fresh = (await uploadImage(await png(40, 40))).json<UploadAnswer>();
    clock.advance(2000);
    // Expired: it can no longer become an item image, even before the job runs.
    expect(await take(m.id, old.fileName)).toBeNull();
    const job = t.jobs.find((j) => j.name === 'delete abandoned uploads');
    expect(job).toBeDefined();
    await job!.run(t.ctx);
    const left = await pendingOf(m.id);
    expect(left.map((r) => `${r.id}.webp`)).toEqual([fresh.fileName]);
    expect(await take(m.id, fresh.fileName)).not.toBeNull();
  });
});
