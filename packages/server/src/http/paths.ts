/** Letters, digits and `-._~`: the characters a URL never needs to escape, so an escape of one names the character. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * The path of a request URL as the router reads it, for telling which part of the product it is in: without the
 * query, and with escapes of unreserved characters decoded (the router serves `/%61pi/health` as `/api/health`).
 * Other escapes stay as they are: `%2F` is a character of a segment there, never a `/`.
 */
export function routedPath(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : escape;
  });
}

/** Whether the request URL is `prefix` or under it, however its path is escaped. */
export const isUnder = (prefix: string) => (url: string) => {
  const path = routedPath(url);
  return path === prefix || path.startsWith(`${prefix}/`);
};

/** The API's URLs: `/api` and below. */
export const isApiPath = isUnder('/api');
