import { isIP } from 'node:net';

import type { ReachabilityProblemCode } from './webhook-status';

export interface Reachability {
  /** True when nothing stops TradingView from posting to the URL. */
  ok: boolean;
  problems: { code: ReachabilityProblemCode; message: string }[];
}

const FIX =
  'Set PUBLIC_URL to the public https address, and put SignalDeck behind a reverse proxy or a tunnel that answers there.';

/** IPv4 dotted quad as four numbers, or undefined. */
function ipv4(address: string): number[] | undefined {
  if (isIP(address) !== 4) return undefined;
  return address.split('.').map(Number);
}

/** An IPv6 address as 8 groups of 16 bits (`::` expanded, an IPv4 tail turned into two groups), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...right];
  return groups.map((group) => parseInt(group, 16));
}

type Scope = 'loopback' | 'private' | 'public';

function ipv4Scope([a, b]: number[]): Scope {
  if (a === 127 || a === 0) return 'loopback';
  if (a === 10) return 'private';
  if (a === 172 && b! >= 16 && b! <= 31) return 'private';
  if (a === 192 && b === 168) return 'private';
  if (a === 169 && b === 254) return 'private';
  if (a === 100 && b! >= 64 && b! <= 127) return 'private'; // carrier-grade NAT
  return 'public';
}

/** Where an address or host name can be reached from: this machine, a private network, or the internet. */
export function hostScope(host: string): Scope {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  const v4 = ipv4(name);
  if (v4) return ipv4Scope(v4);
  const v6 = ipv6Groups(name);
  if (v6) {
    if (v6.every((group) => group === 0)) return 'loopback'; // ::
    if (v6.slice(0, 7).every((group) => group === 0) && v6[7] === 1) return 'loopback'; // ::1
    if (v6.slice(0, 5).every((group) => group === 0) && v6[5] === 0xffff) {
      return ipv4Scope([v6[6]! >> 8, v6[6]! & 0xff]); // ::ffff:a.b.c.d
    }
    if ((v6[0]! & 0xfe00) === 0xfc00) return 'private'; // fc00::/7, unique local
    if ((v6[0]! & 0xffc0) === 0xfe80) return 'private'; // fe80::/10, link-local
    return 'public';
  }
  const bare = name.replace(/\.$/, '');
  if (bare === 'localhost' || bare.endsWith('.localhost')) return 'loopback';
  // A name without a dot, or under a suffix kept for local networks, has no public DNS record.
  if (!bare.includes('.') || /\.(local|internal|lan|home\.arpa)$/.test(bare)) return 'private';
  return 'public';
}

/**
 * Whether TradingView can post to `url`: it sends webhooks only to public addresses, on ports 80 and 443, and a
 * URL over plain http carries its secret token unencrypted. Each problem says why and how to fix it.
 */
export function webhookReachability(url: string): Reachability {
  const parsed = new URL(url);
  const problems: Reachability['problems'] = [];
  const scope = hostScope(parsed.hostname);
  if (scope === 'loopback') {
    problems.push({
      code: 'loopback',
      message: `${parsed.hostname} is this computer's own address: TradingView cannot reach it. ${FIX}`,
    });
  } else if (scope === 'private') {
    problems.push({
      code: 'private',
      message: `${parsed.hostname} is an address on a private network: TradingView, on the internet, cannot reach it. ${FIX}`,
    });
  }
  if (parsed.port !== '' && parsed.port !== '80' && parsed.port !== '443') {
    problems.push({
      code: 'port',
      message: `TradingView posts only to ports 80 and 443, and this URL uses port ${parsed.port}. Serve SignalDeck on 443 through a reverse proxy or a tunnel, and set PUBLIC_URL to that address (no port).`,
    });
  }
  if (parsed.protocol === 'http:') {
    problems.push({
      code: 'http',
      message:
        'The URL is plain http: the secret token in it crosses the internet unencrypted. Serve SignalDeck over https (a reverse proxy or a tunnel) and set PUBLIC_URL to the https address.',
    });
  }
  return { ok: problems.length === 0, problems };
}
