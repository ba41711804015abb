import { describe, expect, it } from 'vitest';
import { textColumns, wrapText } from './layout.js';

describe('ticket text wrapping', () => {
  it('breaks at spaces and indents the rows after the first', () => {
    expect(wrapText('2 x Pork Dumplings with chili', 16, '  ')).toEqual([
      '2 x Pork',
      '  Dumplings with',
      '  chili',
    ]);
  });
  it('cuts a word wider than the row', () => {
    expect(wrapText('Supercalifragilistic', 8)).toEqual(['Supercal', 'ifragili', 'stic']);
  });
  it('counts Chinese characters as two columns and may break between them', () => {
    expect(textColumns('宫保鸡丁')).toBe(8);
    expect(wrapText('宫保鸡丁宫保', 8)).toEqual(['宫保鸡丁', '宫保']);
    expect(wrapText('Rice 宫保鸡丁', 8)).toEqual(['Rice 宫', '保鸡丁']);
  });
  it('an empty text is one empty row', () => {
    expect(wrapText('', 10)).toEqual(['']);
  });
});
