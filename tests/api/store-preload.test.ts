// The store page's first API reads are announced with the page (Link: rel=preload), built from
// the contract's routes, only for store page paths with a valid merchant id.
import { describe, expect, it } from 'vitest';
import { storePreloadLinks } from '../../src/server/plugins/store-preload.js';

const links = (merchantId: string) =>
  [
    `/api/businessInfos/merchantId/${merchantId}/businessInfo`,
    `/api/categories7/merchantId/${merchantId}`,
    `/api/items7/merchantId/${merchantId}/limit/10/items`,
  ]
    .map((u) => `<${u}>; rel=preload; as=fetch; crossorigin=anonymous`)
    .join(', ');

describe('store page preload links', () => {
  it('names the first reads for every store page route', () => {
    expect(storePreloadLinks('/store/demo')).toBe(links('demo'));
    expect(storePreloadLinks('/store/demo/Golden-Lotus')).toBe(links('demo'));
    expect(storePreloadLinks('/store/demo/dinein/T5')).toBe(links('demo'));
  });

  it('adds nothing elsewhere or for an id the API would refuse', () => {
    expect(storePreloadLinks('/store/demo/order_placed/abc')).toBeNull();
    expect(storePreloadLinks('/merchant/login')).toBeNull();
    expect(storePreloadLinks('/store/bad%20id')).toBeNull();
    expect(storePreloadLinks('/store/a%3E%3B%20rel%3Dx')).toBeNull();
    expect(storePreloadLinks('/store/demo/a/b/c')).toBeNull();
    expect(storePreloadLinks('/store/%E0%A4%A')).toBeNull();
  });
});
