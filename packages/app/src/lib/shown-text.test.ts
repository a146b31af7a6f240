import { describe, expect, it } from 'vitest';
import { shownText } from './shown-text';

describe('shownText', () => {
  it('should write a right-to-left override and zero-width characters as escapes', () => {
    expect(shownText('\u202ebtc')).toBe('\\u202ebtc');
    expect(shownText('btc\u200b')).toBe('btc\\u200b');
    expect(shownText('X\u{e0001}')).toBe('X\\u{e0001}');
  });

  it('should cut text longer than 40 characters to 39 and an ellipsis, by whole characters', () => {
    expect(shownText('X'.repeat(3000))).toBe(`${'X'.repeat(39)}…`);
    expect(shownText('🚀'.repeat(41))).toBe(`${'🚀'.repeat(39)}…`);
  });

  it('should leave text that shows as it is', () => {
    for (const text of ['DOGE', 'ſol', '7m', 'נועה']) expect(shownText(text)).toBe(text);
  });
});
