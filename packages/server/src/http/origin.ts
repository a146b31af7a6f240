import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** One label of a host name: letters, digits, `-` and `_`, 1 to 63 of them, no `-` at either end. */
const LABEL = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?$/;
/** A last label a URL parser reads as a number, which makes the whole name an IPv4 address (`10.1`, `0x7f`). */
const NUMERIC_LABEL = /^(?:\d+|0x[0-9a-f]*)$/i;
const PORT = /^[1-9]\d{0,4}$/;

/** A host name of dot-separated labels, a dotted IPv4 address, or an IPv6 address in brackets. */
function isHostName(name: string): boolean {
  if (name.startsWith('[')) {
    const address = name.slice(1, -1);
    return name.endsWith(']') && /^[0-9A-Fa-f:.]+$/.test(address) && isIPv6(address);
  }
  if (name.length > 253) return false;
  const labels = name.split('.');
  if (NUMERIC_LABEL.test(labels[labels.length - 1]!)) return isIPv4(name);
  return labels.every((label) => LABEL.test(label));
}

/**
 * True for a Host header (or X-Forwarded-Host) that is `host[:port]`: a host name, a dotted IPv4 address or a
 * bracketed IPv6 address, and a port from 1 to 65535. Nothing else may go into a URL the server gives out.
 */
export function isValidHost(value: string): boolean {
  const portAt = value.startsWith('[') ? value.indexOf(']') + 1 : value.indexOf(':');
  if (portAt <= 0 || portAt === value.length) return isHostName(value);
  if (value[portAt] !== ':') return false;
  const port = value.slice(portAt + 1);
  return isHostName(value.slice(0, portAt)) && PORT.test(port) && Number(port) <= 65535;
}

/** The scheme of the connection itself: this server speaks TLS only when its socket does. */
const socketProtocol = (request: FastifyRequest): 'http' | 'https' =>
  (request.socket as { encrypted?: boolean } | undefined)?.encrypted ? 'https' : 'http';

/**
 * The scheme the request reached us by: X-Forwarded-Proto when TRUST_PROXY trusts the proxy that sent it (as
 * Fastify reads it), else the connection's own. A forwarded value other than http or https is not believed.
 */
export function requestProtocol(request: FastifyRequest): 'http' | 'https' {
  const protocol = request.protocol?.toLowerCase();
  return protocol === 'http' || protocol === 'https' ? protocol : socketProtocol(request);
}

/**
 * The origin the request reached, for URLs given out without PUBLIC_URL: its scheme and its Host header
 * (X-Forwarded-Host from a trusted proxy) when that is a valid `host[:port]`. Any other host (`evil.example/x?`,
 * `a b`, a port past 65535) is the client's invention: the answer is then the address and port the connection
 * reached, which the server chose and the client cannot, with the same scheme (a trusted proxy's https stays).
 */
export function requestOrigin(request: FastifyRequest): string {
  if (isValidHost(request.host)) return `${requestProtocol(request)}://${request.host}`;
  const { localAddress, localPort } = request.socket ?? {};
  const address = (localAddress ?? 'localhost').replace(/^::ffff:(?=\d+\.)/, '').replace(/%.*$/, '');
  const host = isIPv6(address) ? `[${address}]` : address;
  return `${requestProtocol(request)}://${host}${localPort ? `:${localPort}` : ''}`;
}
