import { describe, expect, it } from 'vitest';
import { escapeUnshown, hasVisibleCharacters } from './unshown';

describe('escapeUnshown', () => {
  it.each([
    ['a bell and an escape', 'A\u0007B\u001b[31m', 'A\\u0007B\\u001b[31m'],
    ['a right-to-left override', 'Eve\u202egnp.exe', 'Eve\\u202egnp.exe'],
    ['line and paragraph separators', 'A\u2028B\u2029C', 'A\\u2028B\\u2029C'],
    ['zero-width and joining characters', 'B\u200bT\u034fC\u2060', 'B\\u200bT\\u034fC\\u2060'],
    ['Hangul fillers and a variation selector', '\u3164\u115fX\ufe0f', '\\u3164\\u115fX\\ufe0f'],
    ['half of a character', 'A\ud800B', 'A\\ud800B'],
    ['characters beyond the first plane, as one escape each', 'X\u{1d173}\u{e0001}', 'X\\u{1d173}\\u{e0001}'],
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
  it.each(['\u200b', '\u3164', ' \u034f ', '\ufeff\u2060', '\u2028', ''])('should find none in %j', (text) => {
    expect(hasVisibleCharacters(text)).toBe(false);
  });

  it.each(['A', '\u200bA', '🚀', 'נ', '\u3164x'])('should find one in %j', (text) => {
    expect(hasVisibleCharacters(text)).toBe(true);
  });
});
