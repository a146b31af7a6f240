import { describe, expect, it } from 'vitest';
import { textDirection } from './direction';

describe('textDirection', () => {
  it.each([
    ['Breakout 4h', 'ltr'],
    ['אסטרטגיית פריצה ארוכת טווח', 'rtl'],
    ['استراتيجية الاختراق طويلة المدى', 'rtl'],
    // Most letters decide, not the first: a name's other-direction word does not turn it round.
    ['שלום Breakout strategy for BTC and ETH', 'ltr'],
    ['BTC מומנטום קצר טווח עם סטופ', 'rtl'],
    ['אסטרטגיית פריצה BTC 4h', 'rtl'],
    // Points and Arabic-Indic digits are not letters.
    ['שָׁלוֹם ab', 'rtl'],
    ['٣٤٥ ab', 'ltr'],
    ['12345 — !?', 'auto'],
    ['', 'auto'],
    ['ab שב', 'auto'],
  ] as const)('should read %j as %s', (text, direction) => {
    expect(textDirection(text)).toBe(direction);
  });
});
