import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

import { hostScope } from '../../signals/reachability';

/*
 * Destination safety (SSRF). A trader types a URL; SignalDeck's server then posts to it from inside the operator's
 * network. So before any request:
 * - the host is resolved (every address), and the destination is refused when ANY address is loopback, private,
 *   link-local (incl. the 169.254.169.254 cloud metadata service), carrier-grade NAT, "this network" (0.0.0.0/8),
 *   multicast, reserved or broadcast, in IPv4, IPv6, or IPv4-mapped IPv6 form (::ffff:10.0.0.1) — unless the host
 *   name or the address is in the operator's NOTIFICATIONS_ALLOWED_HOSTS (names, addresses, CIDR ranges);
 * - the request connects to the address that was checked (a pinned lookup), so a DNS answer that changes between
 *   the check and the connection (DNS rebinding) cannot redirect it;
 * - redirects are never followed (a 3xx is a failed delivery).
 *
 * The base loopback/private/public scope comes from the same classification that judges TradingView's
 * reachability (signals/reachability.ts); the table below adds what that question does not need (multicast,
 * reserved ranges, the metadata address by name) and the words the trader reads.
 */

interface Range {
  network: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
  /** Completes "resolves to 10.0.0.5, …". */
  label: string;
}

const RANGES: Range[] = [
  { network: '169.254.169.254', prefix: 32, family: 'ipv4', label: 'the cloud metadata address' },
  { network: '0.0.0.0', prefix: 8, family: 'ipv4', label: 'a "this network" address' },
  { network: '127.0.0.0', prefix: 8, family: 'ipv4', label: 'a loopback address (this server)' },
  { network: '10.0.0.0', prefix: 8, family: 'ipv4', label: 'a private address' },
  { network: '172.16.0.0', prefix: 12, family: 'ipv4', label: 'a private address' },
  { network: '192.168.0.0', prefix: 16, family: 'ipv4', label: 'a private address' },
  { network: '100.64.0.0', prefix: 10, family: 'ipv4', label: 'a carrier-grade NAT address' },
  { network: '169.254.0.0', prefix: 16, family: 'ipv4', label: 'a link-local address' },
  { network: '192.0.0.0', prefix: 24, family: 'ipv4', label: 'a reserved address' },
  { network: '198.18.0.0', prefix: 15, family: 'ipv4', label: 'a reserved address' },
  { network: '224.0.0.0', prefix: 4, family: 'ipv4', label: 'a multicast address' },
  { network: '240.0.0.0', prefix: 4, family: 'ipv4', label: 'a reserved address' }, // incl. 255.255.255.255
  { network: '::', prefix: 128, family: 'ipv6', label: 'an unspecified address' },
  { network: '::1', prefix: 128, family: 'ipv6', label: 'a loopback address (this server)' },
  { network: 'fc00::', prefix: 7, family: 'ipv6', label: 'a private address' },
  { network: 'fe80::', prefix: 10, family: 'ipv6', label: 'a link-local address' },
  { network: 'fec0::', prefix: 10, family: 'ipv6', label: 'a site-local address' },
  { network: 'ff00::', prefix: 8, family: 'ipv6', label: 'a multicast address' },
  // IPv4 inside IPv6: NAT64 (64:ff9b::/96) and IPv4-compatible (::a.b.c.d) forms reach an IPv4 host we cannot see.
  { network: '64:ff9b::', prefix: 96, family: 'ipv6', label: 'an IPv4-translated address' },
  { network: '::', prefix: 96, family: 'ipv6', label: 'an IPv4-compatible address' },
  // Teredo (2001::/32) tunnels to an IPv4 host hidden in the address; 6to4 (2002::/16) is judged by the IPv4
  // address it embeds (below).
  { network: '2001::', prefix: 32, family: 'ipv6', label: 'a Teredo tunnel address' },
];

/** The IPv4 address inside a 6to4 address (2002:AABB:CCDD::/48 -> A.B.C.D), or null. */
function sixToFourEmbedded(bare: string): string | null {
  if (familyOf(bare) !== 'ipv6') return null;
  const list = new BlockList();
  list.addSubnet('2002::', 16, 'ipv6');
  if (!list.check(bare, 'ipv6')) return null;
  // Expand "::" to read the second and third groups.
  const [head = '', tail = ''] = bare.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  const high = Number.parseInt(groups[1] ?? '0', 16);
  const low = Number.parseInt(groups[2] ?? '0', 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * This server's own interface addresses: a public address of the server itself reaches its own ports (a database,
 * an admin service) as surely as 127.0.0.1 does. Read at each check, as interfaces come and go.
 */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const entries of Object.values(networkInterfaces()))
    for (const entry of entries ?? []) own.add(bareAddress(entry.address));
  return own;
}

const RANGE_LISTS = RANGES.map((range) => {
  const list = new BlockList();
  // A BlockList of IPv4 ranges also matches their IPv4-mapped IPv6 forms (::ffff:127.0.0.1, ::ffff:7f00:1).
  list.addSubnet(range.network, range.prefix, range.family);
  return { list, label: range.label };
});

function familyOf(address: string): 'ipv4' | 'ipv6' | undefined {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : undefined;
}

/** Strips IPv6 brackets and a zone (fe80::1%eth0), lower-cases. */
function bareAddress(address: string): string {
  return address
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase();
}

/**
 * Why an IP address may not be reached ("a private address", …), or null for a public address. Accepts IPv4,
 * IPv6 (bracketed or not) and IPv4-mapped IPv6 in dotted or hex form.
 */
export function addressRestriction(address: string): string | null {
  const bare = bareAddress(address);
  const family = familyOf(bare);
  if (!family) return 'not an IP address';
  for (const { list, label } of RANGE_LISTS) if (list.check(bare, family)) return label;
  const embedded = sixToFourEmbedded(bare);
  if (embedded) {
    const inner = addressRestriction(embedded);
    if (inner) return `a 6to4 address of ${embedded}, ${inner}`;
  }
  if (ownAddresses().has(bare)) return "one of this server's own addresses";
  // The signals module's classification must agree: nothing it calls loopback or private is let through.
  const scope = hostScope(bare);
  if (scope === 'loopback') return 'a loopback address (this server)';
  if (scope === 'private') return 'a private address';
  return null;
}

/** The operator's NOTIFICATIONS_ALLOWED_HOSTS, compiled: exact host names, and addresses/CIDR ranges. */
export interface AllowList {
  hosts: Set<string>;
  addresses: BlockList;
}

const allowListCache = new WeakMap<readonly string[], AllowList>();

function normalizeHost(host: string): string {
  return bareAddress(host).replace(/\.$/, '');
}

/**
 * Compiles allowedHosts entries: `hooks.internal` (that host name exactly, case-insensitive), `127.0.0.1` or
 * `::1` (that address), `10.0.0.0/8` or `fd00::/8` (that range). Entries that are none of these are ignored.
 */
export function compileAllowList(entries: readonly string[]): AllowList {
  const cached = allowListCache.get(entries);
  if (cached) return cached;
  const allow: AllowList = { hosts: new Set(), addresses: new BlockList() };
  for (const raw of entries) {
    const entry = raw.trim();
    const cidr = /^\[?([0-9a-fA-F:.]+)\]?\/(\d{1,3})$/.exec(entry);
    if (cidr) {
      const family = familyOf(cidr[1]!);
      const prefix = Number(cidr[2]);
      if (family && prefix <= (family === 'ipv4' ? 32 : 128)) allow.addresses.addSubnet(cidr[1]!, prefix, family);
      continue;
    }
    const bare = normalizeHost(entry);
    const family = familyOf(bare);
    if (family) allow.addresses.addAddress(bare, family);
    else if (bare !== '') allow.hosts.add(bare);
  }
  allowListCache.set(entries, allow);
  return allow;
}

/** Whether the operator allowed this host name (exact match) or this address (address or range). */
export function isAllowed(allow: AllowList, host: string, address?: string): boolean {
  const name = normalizeHost(host);
  if (allow.hosts.has(name)) return true;
  for (const candidate of [name, address]) {
    if (candidate === undefined) continue;
    const bare = bareAddress(candidate);
    const family = familyOf(bare);
    if (family && allow.addresses.check(bare, family)) return true;
  }
  return false;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address (the system resolver, like any connection would). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) => {
  const answers = await dnsLookup(host, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

export type Resolution = { ok: true; address: ResolvedAddress } | { ok: false; reason: string; retryable: boolean };

/**
 * Resolves `host` and checks every address. On success, the address to connect to (pin it). A host that does not
 * resolve is a retryable failure (DNS may come back); a refused address is not.
 */
export async function resolveDestination(
  host: string,
  allowedHosts: readonly string[],
  resolver: Resolver = systemResolver,
): Promise<Resolution> {
  const name = normalizeHost(host);
  const allow = compileAllowList(allowedHosts);
  let addresses: ResolvedAddress[];
  const literal = familyOf(name);
  if (literal) {
    addresses = [{ address: name, family: literal === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      addresses = await resolver(name);
    } catch {
      return { ok: false, reason: `${name} could not be resolved (DNS)`, retryable: true };
    }
    if (addresses.length === 0) return { ok: false, reason: `${name} has no address (DNS)`, retryable: true };
  }
  for (const { address } of addresses) {
    if (isAllowed(allow, name, address)) continue;
    const restriction = addressRestriction(address);
    if (restriction) {
      const where = literal ? `${name} is` : `${name} resolves to ${address},`;
      return {
        ok: false,
        reason: `${where} ${restriction}: SignalDeck does not send notifications there unless the operator allows it (NOTIFICATIONS_ALLOWED_HOSTS)`,
        retryable: false,
      };
    }
  }
  return { ok: true, address: addresses[0]! };
}

/** Whether the operator allowed this host by name or, for an address literal, by address/range. */
export function isOperatorAllowedHost(host: string, allowedHosts: readonly string[]): boolean {
  return isAllowed(compileAllowList(allowedHosts), host);
}
