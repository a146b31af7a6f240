/** Letters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
const LETTER = /\p{L}/u;

/**
 * The direction a name reads in, for cutting it at its own end: that of most of its letters, so "אסטרטגיית פריצה
 * BTC 4h" and "BTC מומנטום קצר טווח" read right to left and "שלום Breakout strategy for BTC" left to right.
 * (`dir="auto"` takes the first letter's direction, which cuts the middle of a name that starts with a word of the
 * other direction.) `auto` when as many letters read each way, or there are none.
 */
export function textDirection(text: string): 'ltr' | 'rtl' | 'auto' {
  let balance = 0;
  for (const character of text) {
    if (LETTER.test(character)) balance += RIGHT_TO_LEFT.test(character) ? 1 : -1;
  }
  return balance > 0 ? 'rtl' : balance < 0 ? 'ltr' : 'auto';
}
