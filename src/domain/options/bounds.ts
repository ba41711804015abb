// Option-group selection bounds and hints (spec §5). Numbers may arrive as the spec's strings
// ('0' is numberToSelect's default), so they are read leniently: '', null and undefined are "not
// given"; anything else must be a whole number.
export type LooseCount = number | string | null | undefined;

export interface OptionGroupRule {
  numberToSelect?: LooseCount;
  minNumberToSelect?: LooseCount;
  maxNumberToSelect?: LooseCount;
}

export interface SelectionBounds {
  min: number;
  /** Infinity when unlimited. */
  max: number;
}

/** A count as given, or null when not given (or not a whole non-negative number). */
export function readCount(value: LooseCount): number | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^\d+$/.test(text)) return null;
  return Number(text);
}

/**
 * Min and max when both given; only min → no max; only max → min 0; otherwise numberToSelect is
 * exact, and 0 (or absent) means unlimited.
 */
export function selectionBounds(rule: OptionGroupRule): SelectionBounds {
  const min = readCount(rule.minNumberToSelect);
  const max = readCount(rule.maxNumberToSelect);
  if (min !== null && max !== null) return { min, max: Math.max(max, min) };
  if (min !== null) return { min, max: Infinity };
  if (max !== null) return { min: 0, max };
  const exact = readCount(rule.numberToSelect) ?? 0;
  return exact === 0 ? { min: 0, max: Infinity } : { min: exact, max: exact };
}

/**
 * The hint under a group: "Any N required" (exact), "At least N required" (no max),
 * "Any N required. Up to M" (a range), "Up to M" (no min); null when anything goes.
 */
export function selectionHint(bounds: SelectionBounds): string | null {
  const { min, max } = bounds;
  if (min === 0) return Number.isFinite(max) ? `Up to ${max}` : null;
  if (!Number.isFinite(max)) return `At least ${min} required`;
  if (min === max) return `Any ${min} required`;
  return `Any ${min} required. Up to ${max}`;
}

/**
 * What a group still needs, naming it (issue 28, beside the spec's "Exact number of option needs
 * to be chosen."): "Choose exactly 1: Sauce", "Choose at least 2: Sides", "Choose 1 to 3: Jam",
 * "Choose up to 2: Toppings".
 */
export function selectionNeed(bounds: SelectionBounds, groupName: string): string {
  const { min, max } = bounds;
  const need =
    min === max
      ? `exactly ${min}`
      : !Number.isFinite(max)
        ? `at least ${min}`
        : min === 0
          ? `up to ${max}`
          : `${min} to ${max}`;
  return `Choose ${need}: ${groupName}`;
}

export function isSelectionCountValid(count: number, bounds: SelectionBounds): boolean {
  return count >= bounds.min && count <= bounds.max;
}

/**
 * Toggling a value: a chosen value is unchosen; a new one is added, and when that passes the
 * maximum the oldest choice drops (spec §5). The list is kept in the order chosen.
 */
export function toggleSelection<T>(chosen: readonly T[], value: T, bounds: SelectionBounds): T[] {
  if (chosen.includes(value)) return chosen.filter((v) => v !== value);
  if (bounds.max <= 0) return [...chosen];
  const next = [...chosen, value];
  return next.length > bounds.max ? next.slice(next.length - bounds.max) : next;
}
