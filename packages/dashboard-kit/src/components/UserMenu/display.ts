/** Display rules for a user's name (product spec, section 3). */

export const GUEST_NAME = 'Guest';

function words(name: string | null | undefined): string[] {
  return name?.trim().split(/\s+/).filter(Boolean) ?? [];
}

/** The name to show: the trimmed name, or "Guest" when there is none. */
export function getDisplayName(name: string | null | undefined): string {
  return name?.trim() || GUEST_NAME;
}

/**
 * Initials: the first letters of the first two words, upper-cased; a one-word name gives its
 * first two letters; no name (or only spaces) gives "?". Letters are counted as characters,
 * not UTF-16 units, so a name starting with an astral character keeps it whole.
 */
export function getInitials(name: string | null | undefined): string {
  const [first, second] = words(name).map((word) => Array.from(word));
  if (!first) return '?';
  const letters = second ? [first[0], second[0]] : first.slice(0, 2);
  return letters.join('').toUpperCase();
}
