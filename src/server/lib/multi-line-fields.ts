// Whether the value at a path of a request part is a multi-line text field, read from the route's
// own zod schema: the field's schema carries the mark (`multiLine()` in domain/validation), so the
// rule lives with the field and a route cannot disagree with its schema. Everything else is
// one-line. Used by the storable-text hook, only for strings that hold a tab or a line break.
import type { z } from 'zod';
import { isMarkedMultiLine } from '../../domain/validation/multi-line.js';

type Segment = string | number;
type Def = { type: string } & Record<string, unknown>;

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers whose value is their inner schema's: the field is the same field. */
const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
]);

/** The schema and every schema it may stand for at the same place (wrappers, unions, pipes). */
function expand(roots: z.ZodType[]): z.ZodType[] {
  const seen = new Set<z.ZodType>();
  const stack = [...roots];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (seen.has(s)) continue;
    seen.add(s);
    const def = defOf(s);
    if (WRAPPERS.has(def.type)) stack.push(def.innerType as z.ZodType);
    // What is received is the pipe's input; a preprocess (input: a transform) hands it on to the
    // output, and `.pipe()` checks it again there: a mark on either side counts.
    else if (def.type === 'pipe') stack.push(def.in as z.ZodType, def.out as z.ZodType);
    else if (def.type === 'lazy') stack.push((def.getter as () => z.ZodType)());
    else if (def.type === 'union') stack.push(...(def.options as z.ZodType[]));
    else if (def.type === 'intersection') stack.push(def.left as z.ZodType, def.right as z.ZodType);
  }
  return [...seen];
}

/** The schemas of one step down: an object's property, an array's element, a record's value. */
function child(s: z.ZodType, segment: Segment): z.ZodType[] {
  const def = defOf(s);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const key = String(segment);
      if (Object.hasOwn(shape, key)) return [shape[key]!];
      return def.catchall ? [def.catchall as z.ZodType] : [];
    }
    case 'array':
      return [def.element as z.ZodType];
    case 'tuple': {
      const item = typeof segment === 'number' ? (def.items as z.ZodType[])[segment] : undefined;
      return item ? [item] : def.rest ? [def.rest as z.ZodType] : [];
    }
    case 'record':
      return [def.valueType as z.ZodType];
    default:
      return [];
  }
}

/**
 * Answers per schema by path: the walk costs tens of microseconds and the same few fields carry
 * line breaks. Bounded, since array indexes and record keys are the caller's: a full cache
 * starts again.
 */
const answers = new WeakMap<z.ZodType, Map<string, boolean>>();
const ANSWERS_MAX = 500;

/** True when `path` (below the part, e.g. ['orderItems', 0, 'note']) is a multi-line field. */
export function isMultiLinePath(schema: z.ZodType | undefined, path: readonly Segment[]): boolean {
  if (!schema) return false;
  let known = answers.get(schema);
  if (!known) answers.set(schema, (known = new Map()));
  const key = JSON.stringify(path);
  const answer = known.get(key);
  if (answer !== undefined) return answer;
  if (known.size >= ANSWERS_MAX) known.clear();
  const found = walk(schema, path);
  known.set(key, found);
  return found;
}

function walk(schema: z.ZodType, path: readonly Segment[]): boolean {
  let at = expand([schema]);
  for (const segment of path) {
    at = expand(at.flatMap((s) => child(s, segment)));
    if (at.length === 0) return false;
  }
  return at.some(isMarkedMultiLine);
}
