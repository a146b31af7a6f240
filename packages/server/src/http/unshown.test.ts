import { describe, expect, it } from 'vitest';
import { escapeUnshown, hasVisibleCharacters, shownShort } from './unshown';

describe('escapeUnshown', () => {
  it.each([
    ['a bell and an escape', 'A\u0007B\u001b[31m', 'A\\u0007B\\u001b[31m'],
    ['a right-to-left override', 'Eve\u202egnp.exe', 'Eve\\u202egnp.exe'],
    ['line and paragraph separators', 'A\u2028B\u2029C', 'A\\u2028B\\u2029C'],
    ['zero-width and joining characters', 'B\u200bT\u034fC\u2060', 'B\\u200bT\\u034fC\\u2060'],
    ['Hangul fillers and a variation selector', '\u3164\u115fX\ufe0f', '\\u3164\\u115fX\\ufe0f'],
    ['half of a character', 'A\ud800B', 'A\\ud800B'],
    ['characters beyond the first plane, as one escape each', 'X\u{1d173}\u{e0001}', 'X\\u{1d173}\\u{e0001}'],
    ['Khmer inherent vowels and Mongolian variation selectors', 'K\u17b4\u17b5M\u180b', 'K\\u17b4\\u17b5M\\u180b'],
    ['a direction mark and a noncharacter Unicode keeps unseen', 'A\u061cB\ufff0', 'A\\u061cB\\ufff0'],
  ])('should write %s as escapes', (_, text, escaped) => {
    expect(escapeUnshown(text)).toBe(escaped);
  });

  it('should leave text that shows as it is: accents, right-to-left letters, emoji, HTML as text', () => {
    for (const text of ['Café Ünïcode', 'נועה כהן', 'BTC 🚀 to the moon', '<b>bold</b> & "quoted"', 'a  space']) {
      expect(escapeUnshown(text)).toBe(text);
    }
  });
});

describe('hasVisibleCharacters', () => {
  it.each([
    '\u200b',
    '\u3164',
    ' \u034f ',
    '\ufeff\u2060',
    '\u2028',
    '',
    '\u17b4\u17b5',
    '\u180b\u180c\u180d',
    '\u2800',
    '\ufff0',
    '\u0301',
    ' \u0301\u0308 ',
  ])('should find none in %j', (text) => {
    expect(hasVisibleCharacters(text)).toBe(false);
  });

  it.each(['A', '\u200bA', '🚀', 'נ', '\u3164x', 'e\u0301', '\u2800a'])('should find one in %j', (text) => {
    expect(hasVisibleCharacters(text)).toBe(true);
  });
});

describe('shownShort', () => {
  it('should leave text of at most 40 characters whole, escaped', () => {
    expect(shownShort('x'.repeat(40))).toBe('x'.repeat(40));
    expect(shownShort('A\u202eB')).toBe('A\\u202eB');
  });

  it('should cut longer text to 39 characters and an ellipsis, whatever its length', () => {
    expect(shownShort('y'.repeat(60_000))).toBe(`${'y'.repeat(39)}…`);
    expect(shownShort('z'.repeat(12), 10)).toBe(`${'z'.repeat(9)}…`);
  });

  it('should cut between characters, never through one beyond the first plane', () => {
    expect(shownShort('🚀'.repeat(41))).toBe(`${'🚀'.repeat(39)}…`);
  });

  it('should never leave half of an escape JSON wrote at the cut', () => {
    const cutAt = (tail: string) => shownShort(`${'a'.repeat(37)}${tail}${'b'.repeat(10)}`);
    expect(cutAt('\\u0007')).toBe(`${'a'.repeat(37)}…`);
    expect(cutAt('\\n')).toBe(`${'a'.repeat(37)}\\n…`);
    expect(cutAt('x\\n')).toBe(`${'a'.repeat(37)}x…`);
    // An escaped backslash is whole: it stays; its first half alone does not.
    expect(shownShort(`${'a'.repeat(37)}\\\\${'b'.repeat(10)}`)).toBe(`${'a'.repeat(37)}\\\\…`);
    expect(cutAt('x\\\\')).toBe(`${'a'.repeat(37)}x…`);
  });
});
