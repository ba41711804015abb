// The partial-write walk's tools (issue 28): which keys of a body may be sent alone, and which
// columns of a row a write changed.
import type { z } from 'zod';
import type { RouteContract } from '../../src/contract/route.js';

/** The keys of a body schema that may be left out: the ones a partial write may send alone. */
export function optionalKeys(route: RouteContract): string[] {
  const shape = (route.schema.body as z.ZodObject).shape as Record<string, z.ZodType>;
  return Object.keys(shape).filter((key) => shape[key]!.safeParse(undefined).success);
}

export type Row = Record<string, unknown>;

/**
 * Which columns differ between two snapshots of a row: the update time and the settings' save
 * counter (settingsVersion, which every store save moves on, store-settings.md) left out.
 */
export function changedColumns(before: Row, after: Row): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  keys.delete('updatedAt');
  keys.delete('settingsVersion');
  return [...keys].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).sort();
}

/** A key's sample: the value sent (from the record as read) and the columns it must change. */
export interface Sample<R> {
  value: (read: R) => unknown;
  columns: string[];
}
