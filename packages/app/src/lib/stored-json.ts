/**
 * The object a preference was stored as (JSON text in localStorage), or null for nothing stored, text that is not
 * JSON, or JSON that is not an object: a stored value may be old, edited or cut short.
 */
export function storedObject(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}
