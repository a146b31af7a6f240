/**
 * Characters that do not show as themselves or change how what follows reads: controls, format characters (a
 * right-to-left override, zero-width ones), line and paragraph separators, halves of characters, and the characters
 * Unicode draws as nothing. The server escapes the same set in its messages (`http/unshown.ts`).
 */
const UNSHOWN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * Text from the address (a pair or an interval asked for) as a page quotes it back: at most `max` characters, those
 * characters written as escapes (`\u202e`), so a right-to-left override in the URL cannot reverse the page's own
 * sentence and a zero-width space cannot make "btc" look like a pair.
 */
export function shownText(text: string, max = 40): string {
  const characters = Array.from(text);
  const cut = characters.length > max ? `${characters.slice(0, max - 1).join('')}…` : text;
  return cut.replace(UNSHOWN, (char) => {
    const code = char.codePointAt(0)!;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
