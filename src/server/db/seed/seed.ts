// Seeds the demo merchants on first start. Idempotent: a merchant that exists is left alone, so
// a merchant's own edits are never overwritten; each merchant is written in one transaction, so
// a crash never leaves half a menu. Outside production the merchants get the passwords the README
// publishes; in production (only with SEED_DEMO=true) each gets a generated one, returned once to
// the caller to print (docs/decisions/production-safety.md).
import { eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, Tx } from '../client.js';
import {
  categories,
  dineinTables,
  images,
  itemPrinters,
  items,
  itemSizes,
  merchantCounters,
  merchants,
  optionGroups,
  optionValues,
  printers,
  promoCodes,
} from '../schema/index.js';
import { checkPassword, generatePassword, hashPassword } from '../../lib/passwords.js';
import { demoMenu } from './data/demo-menu.js';
import { smallMenu } from './data/small-menu.js';
import type { SeedMenu } from './data/types.js';
import { LOGO_STORED_SIZE, renderItemImage, renderLogo } from './images.js';
import { demoMerchant, sunriseMerchant } from './merchants.js';

export const DEMO_SIGN_IN = {
  merchantId: demoMerchant.merchantId,
  password: demoMerchant.password,
};
export const SEED_VERSION = '1';

type MerchantSeed = typeof demoMerchant;

export interface SeedOptions {
  log?: Logger;
  /** Render item images (true by default); tests that never look at images may skip them. */
  images?: boolean;
  /**
   * 'published' (the default): the README's demo passwords. 'generated': a random password per
   * merchant created now, never a known one (production).
   */
  passwords?: 'published' | 'generated';
}

/** The sign-in of a merchant the seed created just now. */
export interface SeededSignIn {
  merchantId: string;
  password: string;
}

/** Seeds what is missing; returns the sign-ins of the merchants created by this call only. */
export async function seedDemoData(db: Db, opts: SeedOptions = {}): Promise<SeededSignIn[]> {
  const created: SeededSignIn[] = [];
  for (const [seed, menu] of [
    [demoMerchant, demoMenu],
    [sunriseMerchant, smallMenu],
  ] as const) {
    const password = opts.passwords === 'generated' ? generatePassword() : seed.password;
    if (await seedMerchant(db, { ...seed, password }, menu, opts))
      created.push({ merchantId: seed.merchantId, password });
  }
  return created;
}

/**
 * The demo merchants whose password is still the published one: a database an older version
 * seeded in production, where the operator must reset them (server.ts warns at start).
 */
export async function merchantsWithPublishedPasswords(db: Db): Promise<string[]> {
  const seeds = [demoMerchant, sunriseMerchant];
  const rows = await db
    .select({ merchantId: merchants.merchantId, passwordHash: merchants.passwordHash })
    .from(merchants)
    .where(
      inArray(
        merchants.merchantId,
        seeds.map((m) => m.merchantId),
      ),
    );
  const found: string[] = [];
  for (const row of rows) {
    const seed = seeds.find((m) => m.merchantId === row.merchantId)!;
    if (await checkPassword(row.passwordHash, seed.password)) found.push(row.merchantId);
  }
  return found;
}

interface RenderedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

export async function seedMerchant(
  db: Db,
  seed: MerchantSeed,
  menu: SeedMenu,
  opts: SeedOptions = {},
): Promise<boolean> {
  const [existing] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.merchantId, seed.merchantId));
  if (existing) return false;
  const started = Date.now();

  // CPU work first, outside the transaction.
  const passwordHash = await hashPassword(seed.password);
  const withImages = opts.images !== false;
  const itemImages = new Map<string, RenderedImage>();
  let logo: RenderedImage | undefined;
  if (withImages) {
    logo = {
      bytes: await renderLogo(seed.name),
      width: LOGO_STORED_SIZE,
      height: LOGO_STORED_SIZE,
    };
    let index = 0;
    for (const category of menu.categories) {
      for (const item of category.items) {
        const bytes = await renderItemImage({
          name: item.name,
          categoryKey: category.key,
          index: index++,
        });
        itemImages.set(item.name, { bytes, width: 800, height: 533 });
      }
    }
  }

  const { password: _password, tables, promoCodes: codes, ...settings } = seed;
  const created = await db.transaction(async (tx) => {
    const [m] = await tx
      .insert(merchants)
      .values({ ...settings, passwordHash, seededAt: SEED_VERSION })
      .onConflictDoNothing()
      .returning({ id: merchants.id });
    if (!m) return false; // another instance seeded it first
    const merchantUuid = m.id;

    if (logo) {
      const [img] = await tx
        .insert(images)
        .values({ merchantId: merchantUuid, contentType: 'image/webp', ...logo })
        .returning({ id: images.id });
      await tx
        .update(merchants)
        .set({ logoUrl: `/images/${img!.id}.webp` })
        .where(eq(merchants.id, merchantUuid));
    }
    await tx.insert(merchantCounters).values({ merchantId: merchantUuid });
    if (tables.length)
      await tx
        .insert(dineinTables)
        .values(tables.map((name) => ({ merchantId: merchantUuid, name })));
    if (codes.length)
      await tx.insert(promoCodes).values(codes.map((c) => ({ merchantId: merchantUuid, ...c })));
    await insertMenu(tx, merchantUuid, menu, itemImages);
    return true;
  });
  if (created)
    opts.log?.info(
      { merchantId: seed.merchantId, ms: Date.now() - started },
      'seeded demo merchant',
    );
  return created;
}

async function insertMenu(
  tx: Tx,
  merchantUuid: string,
  menu: SeedMenu,
  itemImages: Map<string, RenderedImage>,
) {
  const printerRows = await tx
    .insert(printers)
    .values(
      menu.printers.map((p) => ({
        merchantId: merchantUuid,
        seedKey: p.key,
        name: p.name,
        description: p.description,
        printFormat: p.printFormat,
      })),
    )
    .returning({ id: printers.id, seedKey: printers.seedKey });
  const printerId = new Map(printerRows.map((p) => [p.seedKey!, p.id]));
  const defaultPrinter = printerRows[0]?.id;

  for (const [categoryIndex, category] of menu.categories.entries()) {
    const [cat] = await tx
      .insert(categories)
      .values({
        merchantId: merchantUuid,
        seedKey: category.key,
        ...menuEntry(category, categoryIndex),
        description: category.description,
        availableHour: category.availableHour ?? null,
        promoMethod: category.promoMethod ?? null,
        unavailableForBranch: category.unavailableForBranch ?? false,
      })
      .returning({ id: categories.id });

    for (const [itemIndex, item] of category.items.entries()) {
      const image = itemImages.get(item.name);
      let imageId: string | null = null;
      if (image) {
        const [img] = await tx
          .insert(images)
          .values({ merchantId: merchantUuid, contentType: 'image/webp', ...image })
          .returning({ id: images.id });
        imageId = img!.id;
      }
      const [row] = await tx
        .insert(items)
        .values({
          merchantId: merchantUuid,
          categoryId: cat!.id,
          ...menuEntry(item, itemIndex),
          description: item.description,
          priceCents: item.priceCents,
          rawSign: item.raw ?? false,
          spicySign: item.spicy ?? false,
          veganSign: item.vegan ?? false,
          soldout: item.soldOut ?? false,
          imageId,
        })
        .returning({ id: items.id });
      const itemId = row!.id;

      if (item.sizes?.length) {
        await tx.insert(itemSizes).values(
          item.sizes.map((s, i) => ({
            itemId,
            ...menuEntry(s, i),
            priceCents: s.priceCents,
          })),
        );
      }
      for (const [groupIndex, key] of (item.options ?? []).entries()) {
        const g = menu.optionGroups[key];
        if (!g) throw new Error(`Seed item ${item.name} names unknown option group ${key}`);
        const [group] = await tx
          .insert(optionGroups)
          .values({
            itemId,
            ...menuEntry(g, groupIndex),
            numberToSelect: g.numberToSelect ?? 0,
            minNumberToSelect: g.minNumberToSelect ?? null,
            maxNumberToSelect: g.maxNumberToSelect ?? null,
            required: g.required ?? false,
          })
          .returning({ id: optionGroups.id });
        await tx.insert(optionValues).values(
          g.values.map((v, i) => ({
            optionGroupId: group!.id,
            ...menuEntry(v, i),
            priceCents: v.priceCents,
          })),
        );
      }
      const itemPrinterIds = (item.printers ?? [])
        .map((k) => printerId.get(k))
        .filter((x): x is string => !!x);
      const assigned = itemPrinterIds.length
        ? itemPrinterIds
        : defaultPrinter
          ? [defaultPrinter]
          : [];
      if (assigned.length)
        await tx.insert(itemPrinters).values(assigned.map((p) => ({ itemId, printerId: p })));
    }
  }
}

/** A menu entry's place and names, as the menu tables store them (see schema/columns menuEntry). */
function menuEntry(entry: { name: string; name2?: string | undefined }, sortOrder: number) {
  return { sortOrder, name: entry.name, name2: entry.name2 ?? '' };
}
