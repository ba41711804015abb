// The mark of a multi-line text field (issue 24): its schema says so, and the server's door
// (server/plugins/storable-text.ts) reads the mark from the route's schema to let tab and line
// feed through there and nowhere else. The characters themselves: ./text-characters.ts.
import { z } from 'zod';

/** The metadata key that marks a field multi-line (an OpenAPI extension in the API map too). */
export const MULTI_LINE_META = 'x-multi-line';

/**
 * Marks a string field as multi-line: the server then lets tab and line feed through (and turns
 * CRLF into LF) in this field only. Every text field not marked is one-line. The mark survives
 * the schema's own checks (`.max()`, `.trim()`), so it may be put first.
 */
export function multiLine<T extends z.ZodType>(schema: T): T {
  return schema.meta({ [MULTI_LINE_META]: true });
}

export function isMarkedMultiLine(schema: z.ZodType): boolean {
  return z.globalRegistry.get(schema)?.[MULTI_LINE_META] === true;
}
