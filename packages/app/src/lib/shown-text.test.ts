import { describe, expect, it } from 'vitest';
import { isolated, shownRaw, shownText } from './shown-text';

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

describe('shownRaw', () => {
  it('should keep a body whole, its line breaks and tabs as they are, and write direction and invisible ones as escapes', () => {
    const body = '{\n\t"action": "close all \u202e 01 = ytq lles",\r\n"id": "a\u200bb"\n}';
    expect(shownRaw(body)).toBe('{\n\t"action": "close all \\u202e 01 = ytq lles",\r\n"id": "a\\u200bb"\n}');
    expect(shownRaw('x'.repeat(70_000))).toHaveLength(70_000);
  });
});

describe('isolated', () => {
  it('should isolate text with right-to-left letters, and leave other text as it is', () => {
    expect(isolated('אבג')).toBe('\u2068אבג\u2069');
    expect(isolated('شراء 4h')).toBe('\u2068شراء 4h\u2069');
    expect(isolated('Breakout 4h')).toBe('Breakout 4h');
  });
});
