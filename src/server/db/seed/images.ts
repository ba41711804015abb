// Local, deterministic illustrations for seeded menu items and merchant logos. Each image is an
// SVG composed here (no network, no files read) and rasterised to WebP by sharp. Everything that
// varies (pieces, colours, positions) comes from a hash of the item name, so the same input
// always yields the same bytes and different names yield different pictures.
import sharp from 'sharp';

export const ITEM_IMAGE_WIDTH = 800;
export const ITEM_IMAGE_HEIGHT = 533;
export const LOGO_SIZE = 512;
/**
 * The stored logo's side: the store header shows it at 72 CSS pixels, so 192 covers 2.67× screens
 * at a fifth of the bytes of the drawing's 512 (it is part of the store page's first paint).
 */
export const LOGO_STORED_SIZE = 192;

export interface ItemImageInput {
  name: string;
  categoryKey: string;
  index: number;
}

type Style = 'plate' | 'bowl' | 'noodles' | 'steamer' | 'rice' | 'dessert' | 'glass';

interface CategoryLook {
  bg: [string, string];
  accent: string;
  style: Style;
}

const CATEGORY_LOOKS: Record<string, CategoryLook> = {
  appetizers: { bg: ['#7a2e1f', '#c8643b'], accent: '#1f4e8c', style: 'plate' },
  'dim-sum': { bg: ['#5b3a1e', '#b07a3c'], accent: '#8c1f1f', style: 'steamer' },
  soups: { bg: ['#2d4a3e', '#5f8c6e'], accent: '#1f4e8c', style: 'bowl' },
  'cold-dishes': { bg: ['#1f3b57', '#4f7ea8'], accent: '#2b6cb0', style: 'plate' },
  sichuan: { bg: ['#5e0f12', '#b3261e'], accent: '#1a1a1a', style: 'plate' },
  chicken: { bg: ['#6b4a12', '#c9952e'], accent: '#1f4e8c', style: 'plate' },
  'beef-lamb': { bg: ['#3b1f17', '#7d4030'], accent: '#a0322b', style: 'plate' },
  pork: { bg: ['#5a2333', '#a34a5e'], accent: '#1f4e8c', style: 'plate' },
  seafood: { bg: ['#0f3d4c', '#2a8aa3'], accent: '#0f5b73', style: 'plate' },
  'vegetables-tofu': { bg: ['#23401f', '#5b8f3a'], accent: '#2f6b2f', style: 'plate' },
  noodles: { bg: ['#4a2c0f', '#a86b2a'], accent: '#8c1f1f', style: 'noodles' },
  'fried-rice': { bg: ['#5c4410', '#b8902e'], accent: '#1f4e8c', style: 'rice' },
  'chefs-specials': { bg: ['#1c1c28', '#5a4a2a'], accent: '#b8902e', style: 'plate' },
  'lunch-specials': { bg: ['#3d3a14', '#8c8a2e'], accent: '#1f4e8c', style: 'plate' },
  desserts: { bg: ['#5c2a4a', '#c27ba0'], accent: '#d4a017', style: 'dessert' },
  drinks: { bg: ['#14394a', '#3a8fb7'], accent: '#ffffff', style: 'glass' },
};

const FALLBACK_BGS: [string, string][] = [
  ['#6b2d1f', '#c0704a'],
  ['#2d4a3e', '#6f9c7e'],
  ['#3b2a4a', '#8a6aa8'],
  ['#4a3a14', '#b09040'],
  ['#1f3b57', '#5f8eb8'],
];

/** Ingredient words → colours of the pieces on the plate. */
const INGREDIENT_COLOURS: [RegExp, string[]][] = [
  [/shrimp|prawn|lobster|crab|har gow/i, ['#f28b5b', '#f6a57c', '#e9704a', '#fbc3a0']],
  [/beef|lamb|brisket|steak/i, ['#6e3518', '#8a4521', '#5a2a12', '#a0582e']],
  [/pork|char siu|rib|bbq|barbecue|lion/i, ['#b4432b', '#c85b3a', '#d9804a', '#9c3522']],
  [/chicken|duck|wing/i, ['#d49a3a', '#e2b058', '#c1822a', '#edc27a']],
  [/tofu|bean curd/i, ['#f3e2b0', '#ead091', '#f7ecc8', '#e0c17a']],
  [
    /fish|scallop|squid|calamari|clam|oyster|salmon|abalone|seafood/i,
    ['#f4efe2', '#e8d6b5', '#f7c9a8', '#dcc39a'],
  ],
  [/eggplant/i, ['#5b2a5e', '#7a3b7d', '#4a1f4c', '#8f5a3a']],
  [
    /green|broccoli|bok choy|bean|cucumber|pea|vegetable|seaweed|edamame|buddha|cauliflower/i,
    ['#3f9b3f', '#6abf4b', '#2f7d32', '#9ccc65'],
  ],
  [/mango|orange|lemon|pineapple/i, ['#ffb347', '#ffcc5c', '#f59e2a', '#ffe08a']],
  [/sesame|black/i, ['#2b2b2b', '#4a4036', '#f3e6c4', '#3a3a3a']],
  [/egg|custard|corn/i, ['#f7d154', '#fbe38a', '#f2c230', '#fff1b8']],
  [
    /potato|turnip|taro|dumpling|bun|wonton|rangoon|roll|pancake/i,
    ['#f1deb0', '#e8c98a', '#f6ead0', '#d9b36f'],
  ],
];

const DEFAULT_COLOURS = [
  ['#c0562f', '#d9804a', '#8c3b1f', '#e8a25c'],
  ['#a5482a', '#d6a04a', '#5c8f3a', '#e07a3a'],
  ['#8a4521', '#c98b2a', '#3f9b3f', '#f0c27a'],
];

const SPICY_WORDS =
  /chili|chilli|mala|ma la|mapo|sichuan|szechuan|kung pao|general tso|hunan|spicy|hot|pepper|chongqing|cumin|dan dan|biang|dry pot|fish-fragrant|twice-cooked|mouthwatering|husband/i;
const GREEN_WORDS = /scallion|chive|cilantro|basil|green|ginger/i;

/** Spicy-looking dishes get red chilies and a chili-oil sauce. */
function isSpicy(name: string): boolean {
  return SPICY_WORDS.test(name);
}

/** 32-bit FNV-1a hash of a string (UTF-16 code units). */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Small deterministic PRNG (mulberry32) returning floats in [0, 1). */
function makeRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Rng {
  next(): number;
  range(min: number, max: number): number;
  int(min: number, maxInclusive: number): number;
  pick<T>(list: readonly T[]): T;
}

function rng(seed: number): Rng {
  const next = makeRandom(seed);
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, maxInclusive) => min + Math.floor(next() * (maxInclusive - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}

/** Rounds to one decimal so the SVG stays small and stable. */
const n = (v: number): string => String(Math.round(v * 10) / 10);

/** Escapes the five XML special characters. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function lookFor(categoryKey: string, seed: number): CategoryLook {
  const known = CATEGORY_LOOKS[categoryKey];
  if (known) return known;
  const bg = FALLBACK_BGS[hashString(categoryKey) % FALLBACK_BGS.length] ?? FALLBACK_BGS[0]!;
  const styles: Style[] = ['plate', 'bowl', 'rice', 'plate'];
  return { bg, accent: '#1f4e8c', style: styles[seed % styles.length] ?? 'plate' };
}

/** Colours of the first two ingredients named (e.g. beef and broccoli), else a warm default. */
function foodColours(name: string, r: Rng): string[] {
  const matched = INGREDIENT_COLOURS.filter(([pattern]) => pattern.test(name)).slice(0, 2);
  if (matched.length === 0) return r.pick(DEFAULT_COLOURS);
  return matched.flatMap(([, colours]) => colours);
}

/** A glossy food piece (ellipse or rounded blob) with a highlight. */
function piece(cx: number, cy: number, size: number, colour: string, r: Rng): string {
  const rot = r.range(0, 180);
  const rx = size * r.range(0.8, 1.25);
  const ry = size * r.range(0.55, 0.9);
  const shape =
    r.next() < 0.55
      ? `<ellipse cx="0" cy="0" rx="${n(rx)}" ry="${n(ry)}" fill="${colour}"/>`
      : `<rect x="${n(-rx)}" y="${n(-ry)}" width="${n(rx * 2)}" height="${n(ry * 2)}" rx="${n(ry * 0.6)}" fill="${colour}"/>`;
  return (
    `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(rot)})">` +
    `<ellipse cx="${n(rx * 0.08)}" cy="${n(ry * 0.35)}" rx="${n(rx)}" ry="${n(ry * 0.75)}" fill="#000" opacity="0.18"/>` +
    shape +
    `<ellipse cx="${n(-rx * 0.3)}" cy="${n(-ry * 0.35)}" rx="${n(rx * 0.4)}" ry="${n(ry * 0.22)}" fill="#fff" opacity="0.35"/>` +
    `</g>`
  );
}

/** Point inside a circle of radius `radius` around (cx, cy), denser towards the middle. */
function pointIn(cx: number, cy: number, radius: number, r: Rng): [number, number] {
  const a = r.range(0, Math.PI * 2);
  const d = Math.sqrt(r.next()) * radius;
  return [cx + Math.cos(a) * d, cy + Math.sin(a) * d * 0.92];
}

function garnish(cx: number, cy: number, radius: number, name: string, r: Rng): string {
  const out: string[] = [];
  const spicy = isSpicy(name);
  const greens = GREEN_WORDS.test(name) || r.next() < 0.6;
  if (spicy) {
    const count = r.int(5, 10);
    for (let i = 0; i < count; i++) {
      const [x, y] = pointIn(cx, cy, radius, r);
      const len = r.range(10, 20);
      out.push(
        `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(r.range(0, 180))})">` +
          `<ellipse rx="${n(len)}" ry="${n(len * 0.32)}" fill="${r.pick(['#c81d11', '#e0301e', '#9e1b10'])}"/>` +
          `<rect x="${n(len - 2)}" y="-2" width="7" height="4" rx="2" fill="#4c7a2a"/></g>`,
      );
    }
  }
  if (greens) {
    const count = r.int(6, 14);
    for (let i = 0; i < count; i++) {
      const [x, y] = pointIn(cx, cy, radius, r);
      const s = r.range(4, 7);
      out.push(
        `<circle cx="${n(x)}" cy="${n(y)}" r="${n(s)}" fill="none" stroke="${r.pick(['#4caf50', '#7cc242', '#2e8b3a'])}" stroke-width="${n(s * 0.55)}"/>`,
      );
    }
  }
  const seeds = r.int(0, 12);
  for (let i = 0; i < seeds; i++) {
    const [x, y] = pointIn(cx, cy, radius, r);
    out.push(
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="2.6" ry="1.5" transform="rotate(${n(r.range(0, 180))} ${n(x)} ${n(y)})" fill="#f6ecd0"/>`,
    );
  }
  return out.join('');
}

function plateBase(cx: number, cy: number, radius: number, accent: string): string {
  return (
    `<ellipse cx="${n(cx + 8)}" cy="${n(cy + 14)}" rx="${n(radius + 6)}" ry="${n(radius * 0.96)}" fill="#000" opacity="0.28"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="url(#rim)"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 0.93)}" fill="none" stroke="${accent}" stroke-width="3" opacity="0.75"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 0.78)}" fill="url(#well)"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 0.78)}" fill="none" stroke="#d8d2c6" stroke-width="2"/>`
  );
}

function plateStyle(cx: number, cy: number, name: string, look: CategoryLook, r: Rng): string {
  const radius = 185;
  const colours = foodColours(name, r);
  const sauce = isSpicy(name) ? '#b3261e' : r.pick(['#8a4a1c', '#a5612a', '#c98b3a', '#6e3a1a']);
  const out = [plateBase(cx, cy, radius, look.accent)];
  // sauce pool: an irregular blob made of overlapping ellipses
  const blobs = r.int(3, 5);
  for (let i = 0; i < blobs; i++) {
    const [x, y] = pointIn(cx, cy, 35, r);
    out.push(
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r.range(70, 100))}" ry="${n(r.range(55, 80))}" fill="${sauce}" opacity="0.72"/>`,
    );
  }
  const count = r.int(9, 17);
  const size = r.range(22, 32);
  for (let i = 0; i < count; i++) {
    const [x, y] = pointIn(cx, cy, radius * 0.52, r);
    out.push(piece(x, y, size * r.range(0.8, 1.2), r.pick(colours), r));
  }
  out.push(garnish(cx, cy, radius * 0.55, name, r));
  return out.join('');
}

function bowlStyle(
  cx: number,
  cy: number,
  name: string,
  look: CategoryLook,
  r: Rng,
  noodles: boolean,
): string {
  const radius = 180;
  const colours = foodColours(name, r);
  const broth = isSpicy(name)
    ? ['#c2361c', '#8f1d0e']
    : r.pick([
        ['#e8c47a', '#c99a45'],
        ['#f0dca8', '#d4b26c'],
        ['#d98c4a', '#a65a24'],
        ['#e3d3a5', '#b9a06a'],
      ]);
  const out = [
    `<defs><radialGradient id="broth" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="${broth[0]}"/><stop offset="1" stop-color="${broth[1]}"/></radialGradient></defs>`,
    `<ellipse cx="${n(cx + 8)}" cy="${n(cy + 16)}" rx="${radius + 8}" ry="${n(radius * 0.97)}" fill="#000" opacity="0.3"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${radius}" fill="url(#rim)"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 0.95)}" fill="none" stroke="${look.accent}" stroke-width="6" stroke-dasharray="14 8" opacity="0.7"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 0.84)}" fill="url(#broth)"/>`,
  ];
  if (noodles) {
    const strands = r.int(14, 22);
    const noodleColour = r.pick(['#f3d98e', '#f7e6b5', '#ecd07a', '#fff3d6']);
    for (let i = 0; i < strands; i++) {
      const [x1, y1] = pointIn(cx, cy, radius * 0.6, r);
      const [x2, y2] = pointIn(cx, cy, radius * 0.6, r);
      const [qx, qy] = pointIn(cx, cy, radius * 0.75, r);
      out.push(
        `<path d="M${n(x1)} ${n(y1)} Q${n(qx)} ${n(qy)} ${n(x2)} ${n(y2)}" fill="none" stroke="${noodleColour}" stroke-width="${n(r.range(6, 11))}" stroke-linecap="round"/>`,
      );
    }
  } else {
    // oil droplets on the broth
    const drops = r.int(6, 14);
    for (let i = 0; i < drops; i++) {
      const [x, y] = pointIn(cx, cy, radius * 0.7, r);
      out.push(
        `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r.range(3, 9))}" fill="#fff" opacity="0.22"/>`,
      );
    }
  }
  const count = r.int(4, 9);
  for (let i = 0; i < count; i++) {
    const [x, y] = pointIn(cx, cy, radius * 0.5, r);
    out.push(piece(x, y, r.range(16, 26), r.pick(colours), r));
  }
  out.push(garnish(cx, cy, radius * 0.62, name, r));
  return out.join('');
}

function steamerStyle(cx: number, cy: number, name: string, r: Rng): string {
  const radius = 190;
  const colours = foodColours(name, r);
  const out = [
    `<ellipse cx="${n(cx + 8)}" cy="${n(cy + 16)}" rx="${radius + 8}" ry="${n(radius * 0.97)}" fill="#000" opacity="0.3"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${radius}" fill="#c9a46a"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${radius - 8}" fill="none" stroke="#9c7640" stroke-width="5"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${radius - 22}" fill="#e9d6a8"/>`,
  ];
  // bamboo slats
  for (let x = -150; x <= 150; x += 22) {
    const h = Math.sqrt(Math.max(0, 168 * 168 - x * x));
    out.push(
      `<line x1="${n(cx + x)}" y1="${n(cy - h)}" x2="${n(cx + x)}" y2="${n(cy + h)}" stroke="#cdb07a" stroke-width="3"/>`,
    );
  }
  const count = r.int(3, 6);
  const start = r.range(0, Math.PI * 2);
  const ring = count <= 4 ? 72 : 92;
  const size = count <= 4 ? 50 : 42;
  for (let i = 0; i < count; i++) {
    const a = start + (i * Math.PI * 2) / count;
    const x = cx + Math.cos(a) * ring;
    const y = cy + Math.sin(a) * ring * 0.92;
    const colour = r.pick(colours);
    out.push(
      `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(r.range(-30, 30))})">` +
        `<ellipse cx="4" cy="10" rx="${size}" ry="${n(size * 0.8)}" fill="#000" opacity="0.18"/>` +
        `<ellipse rx="${size}" ry="${n(size * 0.82)}" fill="${colour}"/>` +
        `<path d="M${-size * 0.6} -4 Q0 ${n(-size * 0.9)} ${size * 0.6} -4" fill="none" stroke="#fff" stroke-width="3" opacity="0.55"/>` +
        `<path d="M${-size * 0.4} 6 Q0 ${n(-size * 0.5)} ${size * 0.4} 6" fill="none" stroke="#fff" stroke-width="2" opacity="0.4"/>` +
        `<ellipse cx="${n(-size * 0.3)}" cy="${n(-size * 0.35)}" rx="${n(size * 0.35)}" ry="${n(size * 0.18)}" fill="#fff" opacity="0.4"/>` +
        `</g>`,
    );
  }
  if (r.next() < 0.5) {
    out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r.range(6, 12))}" fill="#e0501e"/>`);
  }
  out.push(garnish(cx, cy, 150, name, r));
  return out.join('');
}

function riceStyle(cx: number, cy: number, name: string, look: CategoryLook, r: Rng): string {
  const radius = 185;
  const colours = foodColours(name, r);
  const grain = r.pick(['#f7eccb', '#f3dd9e', '#efd58a', '#fbf4e2']);
  const out = [plateBase(cx, cy, radius, look.accent)];
  out.push(`<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="120" ry="108" fill="${grain}"/>`);
  const grains = r.int(110, 150);
  for (let i = 0; i < grains; i++) {
    const [x, y] = pointIn(cx, cy, 112, r);
    out.push(
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="5" ry="2.4" transform="rotate(${n(r.range(0, 180))} ${n(x)} ${n(y)})" fill="${r.next() < 0.5 ? '#fffaf0' : '#e8d7a6'}"/>`,
    );
  }
  const bits = r.int(10, 20);
  for (let i = 0; i < bits; i++) {
    const [x, y] = pointIn(cx, cy, 100, r);
    out.push(piece(x, y, r.range(7, 12), r.pick([...colours, '#f2c230', '#6abf4b']), r));
  }
  out.push(garnish(cx, cy, 100, name, r));
  return out.join('');
}

function dessertStyle(cx: number, cy: number, name: string, look: CategoryLook, r: Rng): string {
  const colours = foodColours(name, r);
  const cream = r.pick(['#fff4d6', '#ffe0b2', '#f8e1ec', '#f5efe6', '#ffd27f']);
  const out = [plateBase(cx, cy, 175, look.accent)];
  out.push(
    `<ellipse cx="${n(cx + 6)}" cy="${n(cy + 10)}" rx="112" ry="104" fill="#000" opacity="0.2"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="108" fill="#ffffff"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="92" fill="${cream}"/>`,
    `<ellipse cx="${n(cx - 30)}" cy="${n(cy - 35)}" rx="40" ry="16" fill="#fff" opacity="0.45"/>`,
  );
  const count = r.int(3, 8);
  for (let i = 0; i < count; i++) {
    const [x, y] = pointIn(cx, cy, 60, r);
    out.push(piece(x, y, r.range(12, 22), r.pick(colours), r));
  }
  if (r.next() < 0.6) {
    out.push(`<path d="M${n(cx + 20)} ${n(cy - 60)} q12 -22 26 0 q-13 6 -26 0z" fill="#5cae3f"/>`);
  }
  return out.join('');
}

function glassStyle(cx: number, cy: number, name: string, r: Rng): string {
  const milky = /milk|latte|boba|coffee|soy/i.test(name);
  const liquid = milky
    ? r.pick(['#c89b6d', '#d8b48a', '#b07a4a', '#e6cfa8'])
    : /cola|beer|tea/i.test(name)
      ? r.pick(['#6b2e12', '#c98a1c', '#a5611c', '#d9a441'])
      : r.pick(['#f6d55c', '#f7a8b8', '#b9e3a3', '#ffcf7a']);
  const top = cy - 170;
  const bottom = cy + 170;
  const wTop = 120;
  const wBottom = 92;
  const level = top + r.range(40, 70);
  const out = [
    `<ellipse cx="${n(cx + 10)}" cy="${n(bottom + 8)}" rx="120" ry="22" fill="#000" opacity="0.3"/>`,
    `<path d="M${cx - wTop} ${top} L${cx + wTop} ${top} L${cx + wBottom} ${bottom} Q${cx} ${bottom + 14} ${cx - wBottom} ${bottom} Z" fill="#ffffff" opacity="0.28"/>`,
    `<path d="M${n(cx - wTop + (level - top) * 0.08)} ${n(level)} L${n(cx + wTop - (level - top) * 0.08)} ${n(level)} L${cx + wBottom - 6} ${bottom - 6} Q${cx} ${bottom + 6} ${cx - wBottom + 6} ${bottom - 6} Z" fill="${liquid}"/>`,
  ];
  if (/boba|pearl/i.test(name)) {
    for (let i = 0; i < 26; i++) {
      const x = cx + r.range(-80, 80);
      const y = bottom - r.range(14, 70);
      out.push(`<circle cx="${n(x)}" cy="${n(y)}" r="9" fill="#2a160c"/>`);
    }
  }
  const ice = r.int(2, 4);
  for (let i = 0; i < ice; i++) {
    const x = cx + r.range(-70, 50);
    const y = level + r.range(5, 90);
    out.push(
      `<rect x="${n(x)}" y="${n(y)}" width="42" height="38" rx="7" transform="rotate(${n(r.range(-25, 25))} ${n(x + 21)} ${n(y + 19)})" fill="#ffffff" opacity="0.35"/>`,
    );
  }
  if (/lemon|lychee/i.test(name)) {
    out.push(
      `<circle cx="${cx + wTop - 12}" cy="${top + 8}" r="40" fill="#f7e463" stroke="#e8c930" stroke-width="6"/>`,
      `<circle cx="${cx + wTop - 12}" cy="${top + 8}" r="28" fill="none" stroke="#fff7b0" stroke-width="3" stroke-dasharray="6 6"/>`,
    );
  }
  const strawColour = r.pick(['#e0301e', '#1f4e8c', '#2e8b3a', '#f0a020']);
  out.push(
    `<rect x="${cx + 20}" y="${top - 70}" width="14" height="${bottom - top + 40}" rx="7" transform="rotate(12 ${cx + 27} ${top})" fill="${strawColour}"/>`,
    `<path d="M${cx - wTop + 14} ${top + 12} L${cx - wBottom + 10} ${bottom - 20}" stroke="#fff" stroke-width="8" opacity="0.4" stroke-linecap="round"/>`,
  );
  return out.join('');
}

function chopsticks(r: Rng): string {
  const x = r.pick([640, 660, 690]);
  const angle = r.range(-14, 14);
  return (
    `<g transform="rotate(${n(angle)} ${x} 230)">` +
    `<rect x="${x}" y="40" width="12" height="360" rx="5" fill="#5a3820" opacity="0.9"/>` +
    `<rect x="${x + 26}" y="40" width="12" height="360" rx="5" fill="#6b4428" opacity="0.9"/>` +
    `<rect x="${x}" y="40" width="12" height="60" rx="5" fill="#c8a064"/>` +
    `<rect x="${x + 26}" y="40" width="12" height="60" rx="5" fill="#c8a064"/></g>`
  );
}

function captionSize(text: string): number {
  // DejaVu Sans Bold averages about 0.62 em per character.
  const fit = Math.floor(740 / (Math.max(text.length, 1) * 0.62));
  return Math.max(18, Math.min(42, fit));
}

/** The SVG for one item image (exported for tests and debugging). */
export function itemImageSvg(input: ItemImageInput): string {
  const { name, categoryKey, index } = input;
  const seed = hashString(`${categoryKey}\u0000${name}`);
  const r = rng(seed);
  const look = lookFor(categoryKey, seed);
  const W = ITEM_IMAGE_WIDTH;
  const H = ITEM_IMAGE_HEIGHT;
  const cx = 400 + r.range(-60, 10);
  const cy = 228;

  const decor: string[] = [];
  const spots = 5 + (Math.abs(index) % 4);
  for (let i = 0; i < spots; i++) {
    decor.push(
      `<circle cx="${n(r.range(0, W))}" cy="${n(r.range(0, H - 90))}" r="${n(r.range(30, 120))}" fill="#fff" opacity="${Math.round(r.range(3, 8)) / 100}"/>`,
    );
  }

  // What the drawing reacts to (ingredients, spice); the caption always shows the plain name.
  const flavour = categoryKey === 'sichuan' ? `${name} sichuan` : name;
  let food: string;
  switch (look.style) {
    case 'bowl':
      food = bowlStyle(cx, cy, flavour, look, r, false);
      break;
    case 'noodles':
      food = bowlStyle(cx, cy, flavour, look, r, true);
      break;
    case 'steamer':
      food = steamerStyle(cx, cy, flavour, r);
      break;
    case 'rice':
      food = riceStyle(cx, cy, flavour, look, r);
      break;
    case 'dessert':
      food = dessertStyle(cx, cy, flavour, look, r);
      break;
    case 'glass':
      food = glassStyle(cx, cy, flavour, r);
      break;
    default:
      food = plateStyle(cx, cy, flavour, look, r);
  }

  const caption = escapeXml(name);
  const fontSize = captionSize(name);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs>` +
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${look.bg[0]}"/><stop offset="1" stop-color="${look.bg[1]}"/></linearGradient>` +
    `<radialGradient id="rim" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="0.7" stop-color="#f1ede6"/><stop offset="1" stop-color="#cfc8bb"/></radialGradient>` +
    `<radialGradient id="well" cx="45%" cy="40%" r="65%"><stop offset="0" stop-color="#fdfcf9"/><stop offset="1" stop-color="#e9e4da"/></radialGradient>` +
    `</defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    decor.join('') +
    (look.style === 'glass' ? '' : chopsticks(r)) +
    food +
    `<rect x="0" y="${H - 86}" width="${W}" height="86" fill="#000" opacity="0.58"/>` +
    `<rect x="0" y="${H - 86}" width="${W}" height="3" fill="#f0c040" opacity="0.85"/>` +
    `<text x="${W / 2}" y="${H - 43}" font-family="DejaVu Sans" font-weight="bold" font-size="${fontSize}" fill="#ffffff" text-anchor="middle" dominant-baseline="central">${caption}</text>` +
    `</svg>`
  );
}

/** Renders an 800×533 WebP illustration for a menu item. Same input → same bytes. */
export async function renderItemImage(input: ItemImageInput): Promise<Buffer> {
  return sharp(Buffer.from(itemImageSvg(input)))
    .resize(ITEM_IMAGE_WIDTH, ITEM_IMAGE_HEIGHT, { fit: 'fill' })
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
}

function initials(name: string): string {
  const words = name
    .split(/[\s&\-_.,]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((w) => w.length > 0);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0] ?? '');
  const text = letters.join('').toUpperCase();
  return text.length > 0 ? text : '?';
}

const LOGO_PALETTES: [string, string, string][] = [
  ['#8c1f1f', '#c0392b', '#f0c040'],
  ['#1f3b57', '#2f6b9a', '#f0c040'],
  ['#23401f', '#3f7d3a', '#f4e3b0'],
  ['#4a2c0f', '#a86b2a', '#fbe7b5'],
  ['#3b2a4a', '#6f4f8c', '#f7d6e0'],
];

/** The SVG for a merchant logo (exported for tests and debugging). */
export function logoSvg(name: string): string {
  const seed = hashString(name);
  const r = rng(seed);
  const [dark, light, gold] = LOGO_PALETTES[seed % LOGO_PALETTES.length] ?? LOGO_PALETTES[0]!;
  const S = LOGO_SIZE;
  const c = S / 2;
  const petals: string[] = [];
  const count = r.pick([8, 10, 12]);
  for (let i = 0; i < count; i++) {
    const a = (360 / count) * i;
    petals.push(
      `<ellipse cx="${c}" cy="${c - 125}" rx="32" ry="70" fill="${gold}" opacity="0.22" transform="rotate(${n(a)} ${c} ${c})"/>`,
    );
  }
  const text = initials(name);
  const fontSize = text.length > 1 ? 150 : 190;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">` +
    `<defs><radialGradient id="g" cx="40%" cy="35%" r="75%"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient></defs>` +
    `<circle cx="${c}" cy="${c}" r="248" fill="url(#g)"/>` +
    `<circle cx="${c}" cy="${c}" r="228" fill="none" stroke="${gold}" stroke-width="8"/>` +
    `<circle cx="${c}" cy="${c}" r="214" fill="none" stroke="${gold}" stroke-width="2" opacity="0.7"/>` +
    petals.join('') +
    `<text x="${c}" y="${c}" font-family="DejaVu Sans" font-weight="bold" font-size="${fontSize}" fill="${gold}" text-anchor="middle" dominant-baseline="central">${escapeXml(text)}</text>` +
    `</svg>`
  );
}

/** Renders a 512×512 WebP emblem with the merchant's initials. */
export async function renderLogo(name: string): Promise<Buffer> {
  return sharp(Buffer.from(logoSvg(name)))
    .resize(LOGO_STORED_SIZE, LOGO_STORED_SIZE, { fit: 'fill' })
    .webp({ quality: 85, effort: 2 })
    .toBuffer();
}
