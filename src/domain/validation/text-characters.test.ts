// The character rule of every text field (issue 24) and the strip the renderers apply anyway.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isMarkedMultiLine, multiLine } from './multi-line.js';
import {
  normalizeLineBreaks,
  stripControlCharacters,
  TEXT_CHARACTER_MESSAGES as M,
  textCharacterProblem,
} from './text-characters.js';

const c0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i));
const bidi = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map((c) =>
  String.fromCharCode(c),
);

describe('textCharacterProblem', () => {
  it('refuses every C0 control and DEL in a one-line field', () => {
    for (const ch of [...c0, '\u007f']) {
      expect(textCharacterProblem(`a${ch}b`, false), ch.charCodeAt(0).toString(16)).not.toBeNull();
    }
    expect(textCharacterProblem('a\nb', false)).toBe(M.lineBreak);
    expect(textCharacterProblem('a\u001bb', false)).toBe(M.control);
  });

  it('lets tab and line feed through in a multi-line field, and nothing else below U+0020', () => {
    for (const ch of [...c0, '\u007f']) {
      const expected = ch === '\t' || ch === '\n' ? null : M.control;
      expect(textCharacterProblem(`a${ch}b`, true), ch.charCodeAt(0).toString(16)).toBe(expected);
    }
  });

  it('refuses the C1 controls (U+0080–U+009F) in every field', () => {
    for (let c = 0x80; c <= 0x9f; c += 1) {
      const ch = String.fromCharCode(c);
      expect(textCharacterProblem(`a${ch}b`, false), c.toString(16)).toBe(M.control);
      expect(textCharacterProblem(`a${ch}b`, true), c.toString(16)).toBe(M.control);
    }
    expect(stripControlCharacters('Sam\u009b31mSmith\u0085')).toBe('Sam31mSmith');
  });

  it('refuses the bidi embeddings, overrides and isolates everywhere', () => {
    for (const ch of bidi) {
      expect(textCharacterProblem(`a${ch}b`, false)).toBe(M.direction);
      expect(textCharacterProblem(`a${ch}b`, true)).toBe(M.direction);
    }
  });

  it('keeps ordinary text, accents, emoji and the marks that are not controls', () => {
    // Zero-width joiners and non-joiners stay: emoji sequences and Persian words need them.
    for (const s of [
      'Crème brûlée 🍮',
      'שלום',
      'a\u200fb',
      'x\u00a0y',
      '👩\u200d🍳',
      'می\u200cخواهم',
    ]) {
      expect(textCharacterProblem(s, false)).toBeNull();
    }
  });
});

describe('normalizeLineBreaks', () => {
  it('takes CRLF as LF and leaves a lone CR for the rule to refuse', () => {
    expect(normalizeLineBreaks('a\r\nb\r\n')).toBe('a\nb\n');
    expect(normalizeLineBreaks('a\rb')).toBe('a\rb');
  });
});

describe('stripControlCharacters (tickets, texts, e-mails, PDFs)', () => {
  it('removes the controls and direction marks; one-line breaks and tabs become spaces', () => {
    expect(stripControlCharacters('Sam\u001b[31m\u0007 \u202eSmith\u2069\u007f')).toBe(
      'Sam[31m Smith',
    );
    expect(stripControlCharacters('Table\t4\r\nby\nthe\rdoor')).toBe('Table 4 by the door');
  });

  it('keeps a multi-line text’s lines and tabs (CRLF → LF), drops a lone CR', () => {
    expect(stripControlCharacters('no onions\r\n\textra\u001bsauce\rx', { multiLine: true })).toBe(
      'no onions\n\textrasaucex',
    );
  });

  it('leaves clean text as it is', () => {
    expect(stripControlCharacters('Kung Pao Chicken (spicy)')).toBe('Kung Pao Chicken (spicy)');
  });
});

describe('multiLine', () => {
  it('marks a field so that the mark survives its later checks, and only that field', () => {
    const field = multiLine(z.string()).trim().max(10);
    expect(isMarkedMultiLine(field)).toBe(true);
    expect(isMarkedMultiLine(multiLine(z.string().max(3)).refine(() => true))).toBe(true);
    expect(isMarkedMultiLine(z.string().max(10))).toBe(false);
  });
});
