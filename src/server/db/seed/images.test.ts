import { describe, it, expect } from 'vitest';
import sharp from 'sharp';
import {
  LOGO_STORED_SIZE,
  escapeXml,
  itemImageSvg,
  renderItemImage,
  renderLogo,
} from './images.js';

describe('renderItemImage', () => {
  const input = { name: 'Mapo Tofu', categoryKey: 'sichuan', index: 0 };

  it('renders an 800×533 webp', async () => {
    const buf = await renderItemImage(input);
    const meta = await sharp(buf).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(800);
    expect(meta.height).toBe(533);
    expect(meta.width).toBeGreaterThanOrEqual(600);
    expect(meta.height).toBeGreaterThanOrEqual(400);
  });

  it('is deterministic: same input gives identical bytes', async () => {
    const a = await renderItemImage(input);
    const b = await renderItemImage({ ...input });
    expect(a.equals(b)).toBe(true);
  });

  it('draws different images for different names', async () => {
    const a = await renderItemImage(input);
    const b = await renderItemImage({ ...input, name: 'Kung Pao Chicken' });
    expect(a.equals(b)).toBe(false);
    const svgA = itemImageSvg(input);
    const svgB = itemImageSvg({ ...input, name: 'Mapo Tofu ' });
    expect(svgA).not.toBe(svgB);
  });

  it('renders every category style, including unknown categories', async () => {
    const keys = [
      'dim-sum',
      'soups',
      'noodles',
      'fried-rice',
      'desserts',
      'drinks',
      'seafood',
      'mystery',
    ];
    for (const [index, categoryKey] of keys.entries()) {
      const buf = await renderItemImage({ name: `Dish ${categoryKey}`, categoryKey, index });
      const meta = await sharp(buf).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([800, 533]);
    }
  });

  it('escapes XML special characters in names', async () => {
    const name = `Tom & Jerry's <"Special"> Bowl`;
    expect(escapeXml(name)).toBe('Tom &amp; Jerry&apos;s &lt;&quot;Special&quot;&gt; Bowl');
    const svg = itemImageSvg({ name, categoryKey: 'appetizers', index: 3 });
    expect(svg).not.toContain(name);
    expect(svg).toContain('Tom &amp; Jerry&apos;s &lt;&quot;Special&quot;&gt; Bowl');
    const buf = await renderItemImage({ name, categoryKey: 'appetizers', index: 3 });
    const meta = await sharp(buf).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(800);
  });

  it('handles very long and non-Latin names', async () => {
    const long = 'Steamed Whole Fish with Ginger & Scallion and a Very Long Description Attached';
    for (const name of [long, '麻婆豆腐', '']) {
      const meta = await sharp(
        await renderItemImage({ name, categoryKey: 'seafood', index: 1 }),
      ).metadata();
      expect(meta.format).toBe('webp');
    }
  });
});

describe('renderLogo', () => {
  it('renders a deterministic square webp at the stored size (192 px)', async () => {
    const a = await renderLogo('Golden Lotus');
    const b = await renderLogo('Golden Lotus');
    const meta = await sharp(a).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([LOGO_STORED_SIZE, LOGO_STORED_SIZE]);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(await renderLogo('Sunrise Bakery & Café'))).toBe(false);
  });

  it('renders names with XML special characters', async () => {
    const meta = await sharp(await renderLogo(`<A&B> "Quoted" 'Shop'`)).metadata();
    expect(meta.format).toBe('webp');
  });
});
