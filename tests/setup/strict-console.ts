// An unexpected console.error fails the test that caused it (docs/design/tests.md).
import { afterEach, vi } from 'vitest';

const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  if (errors.length > 0) {
    const seen = errors.splice(0).map((a) => a.map(String).join(' '));
    throw new Error(`Unexpected console.error:\n${seen.join('\n')}`);
  }
});

export { vi };
