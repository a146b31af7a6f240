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
  return cut.replace(UNSHOWN, escapeCharacter);
}

/** `\u202e`, `\u{e0001}`: a character as the escape that writes it. */
function escapeCharacter(char: string): string {
  const code = char.codePointAt(0)!;
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Control characters a body's own layout uses: kept as they are by `shownRaw`. */
const LAYOUT = new Set(['\n', '\r', '\t']);

/**
 * A body as received, for reading whole (a signal's raw body): every character kept, but those that do not show as
 * themselves written as escapes, line breaks and tabs excepted, so a right-to-left override cannot make "sell" read
 * as what was sent when "lles" was.
 */
export function shownRaw(text: string): string {
  return text.replace(UNSHOWN, (char) => (LAYOUT.has(char) ? char : escapeCharacter(char)));
}

/** Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe]/u;

/**
 * Text set inside a sentence of other text (a name before " · Default"): isolated (FSI … PDI) when it holds
 * right-to-left letters, so that it cannot pull the words or digits around it into its own direction. Other text is
 * left as it is.
 */
export function isolated(text: string): string {
  return RIGHT_TO_LEFT.test(text) ? `\u2068${text}\u2069` : text;
}
