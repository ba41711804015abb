// The repository stands alone (issue 26): what the code relies on from the design and protocol
// notes is in its own docs/design/ and docs/protocols/. The notes it was first built from were
// files beside the project, which a clone does not have, so no tracked file outside docs/ may cite
// them, and every docs/design/… or docs/protocols/… a file cites must exist.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The outside notes' file names, built so that this file does not cite them itself. */
const OUTSIDE_NOTES = new RegExp(`\\b(?:${['DESIGN', 'PROTOCOLS'].join('|')})\\.md\\b`);
const OWN_DOC = /\bdocs\/(?:design|protocols)\/[\w.-]+\.md\b/g;

/** The lines of a text that cite the outside notes, as "line: text". */
function outsideCitations(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => (OUTSIDE_NOTES.test(line) ? [`${i + 1}: ${line.trim()}`] : []));
}

function trackedTextFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && !/\.(png|jpe?g|webp|gif|ico|woff2?|pdf|tar|gz|zip)$/i.test(f))
    .filter((f) => existsSync(f));
}

describe('the repository stands alone', () => {
  it('finds the outside notes cited in a sample, and not the own docs', () => {
    const sample = `// money (${'DESIGN'}.md §1.2)\n// units (docs/protocols/payments.md)\n// ${'PROTOCOLS'}.md §4`;
    expect(outsideCitations(sample)).toEqual([
      `1: // money (${'DESIGN'}.md §1.2)`,
      `3: // ${'PROTOCOLS'}.md §4`,
    ]);
  });

  it('has no tracked file outside docs/ citing the outside design or protocol notes', () => {
    const found = trackedTextFiles()
      .filter((f) => !f.startsWith('docs/'))
      .flatMap((f) => outsideCitations(readFileSync(f, 'utf8')).map((c) => `${f}:${c}`));
    expect(found).toEqual([]);
  });

  it('cites only own docs that exist', () => {
    const missing = trackedTextFiles().flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(OWN_DOC)]
        .map((m) => m[0])
        .filter((doc) => !existsSync(doc))
        .map((doc) => `${f}: ${doc}`),
    );
    expect(missing).toEqual([]);
  });
});
