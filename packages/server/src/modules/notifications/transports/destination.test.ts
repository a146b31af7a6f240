import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startWebhookReceiver, type WebhookReceiver } from '../../../test/stand-ins/webhook-receiver';
import type { NotificationMessage, TransportSettings } from '../contract';
import { addressRestriction, compileAllowList, isAllowed, resolveDestination, type Resolver } from './destination';
import { createCheckDestination, createDeliver, generateChannelSecret } from './index';

describe('addressRestriction', () => {
  it.each([
    ['127.0.0.1', 'a loopback address (this server)'],
    ['127.255.0.9', 'a loopback address (this server)'],
    ['0.0.0.0', 'a "this network" address'],
    ['0.1.2.3', 'a "this network" address'],
    ['10.0.0.5', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['100.127.255.254', 'a carrier-grade NAT address'],
    ['169.254.169.254', 'the cloud metadata address'],
    ['169.254.1.1', 'a link-local address'],
    ['224.0.0.251', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['255.255.255.255', 'a reserved address'],
    ['240.0.0.1', 'a reserved address'],
    ['::1', 'a loopback address (this server)'],
    ['[::1]', 'a loopback address (this server)'],
    ['::', 'an unspecified address'],
    ['fc00::1', 'a private address'],
    ['fd12:3456::1', 'a private address'],
    ['fe80::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['ff02::1', 'a multicast address'],
    ['::ffff:127.0.0.1', 'a loopback address (this server)'],
    ['::ffff:7f00:1', 'a loopback address (this server)'],
    ['[::ffff:10.0.0.1]', 'a private address'],
    ['::ffff:a9fe:a9fe', 'the cloud metadata address'],
    ['::ffff:169.254.169.254', 'the cloud metadata address'],
    ['64:ff9b::a9fe:a9fe', 'an IPv4-translated address'],
    ['::127.0.0.1', 'an IPv4-compatible address'],
    ['2002:7f00:1::', 'a 6to4 address of 127.0.0.1, a loopback address (this server)'],
    ['[2002:a9fe:a9fe::1]', 'a 6to4 address of 169.254.169.254, the cloud metadata address'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'a Teredo tunnel address'],
  ])('refuses %s as %s', (address, label) => {
    expect(addressRestriction(address)).toBe(label);
  });

  it.each([
    '8.8.8.8',
    '52.89.214.238',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '192.169.0.1',
    '223.255.255.255',
    '2606:4700::6810:84e5',
    '2001:db8::1',
    '::ffff:8.8.8.8',
    '[2a00:1450:4001:80b::200e]',
    '2002:808:808::1',
  ])('accepts the public address %s', (address) => {
    expect(addressRestriction(address)).toBeNull();
  });

  it("refuses every one of this server's own interface addresses, public ones too", () => {
    const own = Object.values(networkInterfaces())
      .flatMap((entries) => entries ?? [])
      .map((entry) => entry.address);
    expect(own.length).toBeGreaterThan(0);
    for (const address of own) expect(addressRestriction(address), address).not.toBeNull();
    const external = own.filter(
      (address) => !address.startsWith('127.') && address !== '::1' && !/^fe80:/i.test(address),
    );
    for (const address of external)
      expect(["one of this server's own addresses", 'a private address', 'a reserved address']).toContain(
        addressRestriction(address),
      );
  });
});

describe('allowed hosts', () => {
  const allow = compileAllowList([
    'receiver.lan',
    'Hooks.Internal.',
    '127.0.0.1',
    '10.1.0.0/16',
    'fd00::/8',
    '[::1]',
    'not a host!',
  ]);

  it.each([
    ['receiver.lan', undefined, true],
    ['RECEIVER.LAN', undefined, true],
    ['hooks.internal', undefined, true],
    ['hooks.internal.', undefined, true],
    ['other.lan', undefined, false],
    ['sub.receiver.lan', undefined, false],
    ['127.0.0.1', undefined, true],
    ['127.0.0.2', undefined, false],
    ['10.1.200.3', undefined, true],
    ['10.2.0.1', undefined, false],
    ['::1', undefined, true],
    ['[::1]', undefined, true],
    ['fd00::5', undefined, true],
    ['fe80::1', undefined, false],
    ['::ffff:10.1.0.9', undefined, true],
    ['relay.example', '10.1.4.4', true],
    ['relay.example', '10.9.4.4', false],
  ])('%s (resolving to %s) allowed: %s', (host, address, expected) => {
    expect(isAllowed(allow, host, address)).toBe(expected);
  });
});

const staticResolver =
  (answers: Record<string, string[]>): Resolver =>
  async (host) => {
    const addresses = answers[host];
    if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('resolveDestination', () => {
  const resolver = staticResolver({
    'hooks.example.com': ['93.184.216.34', '2606:2800:220:1::248'],
    'evil.example.com': ['93.184.216.34', '10.0.0.5'],
    'metadata.example.com': ['169.254.169.254'],
    'mapped.example.com': ['::ffff:192.168.0.10'],
    'relay.example.com': ['10.1.2.3'],
  });

  it('accepts a host whose every address is public, and pins the first', async () => {
    expect(await resolveDestination('hooks.example.com', [], resolver)).toEqual({
      ok: true,
      address: { address: '93.184.216.34', family: 4 },
    });
  });

  it('refuses a host when any of its addresses is private, naming the address', async () => {
    expect(await resolveDestination('evil.example.com', [], resolver)).toEqual({
      ok: false,
      retryable: false,
      reason:
        'evil.example.com resolves to 10.0.0.5, a private address: SignalDeck does not send notifications there unless the operator allows it (NOTIFICATIONS_ALLOWED_HOSTS)',
    });
    expect(await resolveDestination('metadata.example.com', [], resolver)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('169.254.169.254, the cloud metadata address'),
    });
    expect(await resolveDestination('mapped.example.com', [], resolver)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('::ffff:192.168.0.10, a private address'),
    });
  });

  it('lets the operator allow a host by name or by a range its address falls in', async () => {
    expect(await resolveDestination('relay.example.com', ['relay.example.com'], resolver)).toMatchObject({ ok: true });
    expect(await resolveDestination('relay.example.com', ['10.1.0.0/16'], resolver)).toMatchObject({ ok: true });
    expect(await resolveDestination('relay.example.com', ['10.2.0.0/16'], resolver)).toMatchObject({ ok: false });
  });

  it('treats a name that does not resolve as a retryable failure', async () => {
    expect(await resolveDestination('missing.example.com', [], resolver)).toEqual({
      ok: false,
      retryable: true,
      reason: 'missing.example.com could not be resolved (DNS)',
    });
  });

  it('checks address literals without DNS', async () => {
    expect(await resolveDestination('[::ffff:7f00:1]', [], resolver)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('::ffff:7f00:1 is a loopback address'),
    });
  });

  it('checkDestination refuses the metadata address behind a Discord-shaped URL on an allowed host name', async () => {
    const check = createCheckDestination(resolver);
    const settings: TransportSettings = {
      allowedHosts: [],
      smtpUrl: undefined,
      smtpFrom: 'a@b.c',
      telegramApiUrl: 'https://api.telegram.org',
      timeoutMs: 1_000,
    };
    expect(
      await check(
        { kind: 'webhook', url: 'https://metadata.example.com/latest', secret: generateChannelSecret() },
        settings,
      ),
    ).toContain('the cloud metadata address');
    expect(
      await check({ kind: 'webhook', url: 'https://hooks.example.com/in', secret: generateChannelSecret() }, settings),
    ).toBeNull();
  });
});

describe('DNS rebinding', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  const message: NotificationMessage = {
    id: 'msg_rebind',
    event: 'test',
    occurredAt: Date.now(),
    title: 'Test',
    body: '',
    link: null,
    data: {},
  };

  it('connects to the address that was checked, whatever a later lookup would answer', async () => {
    // First answer: the allowed stand-in. Any later answer: a private address that is not allowed.
    const answers = ['127.0.0.1', '10.0.0.5'];
    const asked: string[] = [];
    const rebinding: Resolver = async (host) => {
      asked.push(host);
      return [{ address: answers.shift() ?? '10.0.0.5', family: 4 }];
    };
    const deliver = createDeliver({ resolver: rebinding });
    const settings: TransportSettings = {
      allowedHosts: ['127.0.0.1'],
      smtpUrl: undefined,
      smtpFrom: 'a@b.c',
      telegramApiUrl: 'https://api.telegram.org',
      timeoutMs: 2_000,
    };
    const url = `http://rebind.example.test:${receiver.port}/hooks/x`;
    // Plain http needs an allowed host name. The system resolver does not know this name: only the pinned, checked
    // answer can bring the request to the stand-in, and the resolver is asked once.
    const result = await deliver({ kind: 'webhook', url, secret: generateChannelSecret() }, message, {
      ...settings,
      allowedHosts: ['127.0.0.1', 'rebind.example.test'],
    });
    expect(result).toMatchObject({ ok: true, status: 204 });
    expect(asked).toEqual(['rebind.example.test']);
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0]!.headers.host).toBe(`rebind.example.test:${receiver.port}`);
  });

  it('refuses when the checked answer is private, even if a second lookup would be public', async () => {
    const answers = ['10.0.0.5', '127.0.0.1'];
    const rebinding: Resolver = async () => [{ address: answers.shift() ?? '127.0.0.1', family: 4 }];
    const deliver = createDeliver({ resolver: rebinding });
    const result = await deliver(
      { kind: 'webhook', url: `https://rebind.example.test:${receiver.port}/hooks/x`, secret: generateChannelSecret() },
      message,
      {
        allowedHosts: ['127.0.0.1'],
        smtpUrl: undefined,
        smtpFrom: 'a@b.c',
        telegramApiUrl: 'https://api.telegram.org',
        timeoutMs: 1_000,
      },
    );
    expect(result).toMatchObject({ ok: false, permanent: true });
    expect(result.error).toContain('rebind.example.test resolves to 10.0.0.5, a private address');
  });
});

describe('https to a pinned address', () => {
  it('still verifies the certificate against the host name (SNI = the name, not the address)', async () => {
    // A self-signed certificate: the client must refuse it, and must have asked for the name it was given.
    const dir = mkdtempSync(join(tmpdir(), 'signaldeck-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=hooks.example.test',
        '-addext',
        'subjectAltName=DNS:hooks.example.test',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const serverNames: string[] = [];
    let requests = 0;
    const server = createHttpsServer(
      {
        key: readFileSync(join(dir, 'key.pem')),
        cert: readFileSync(join(dir, 'cert.pem')),
        SNICallback: (name, callback) => {
          serverNames.push(name);
          callback(null);
        },
      },
      (_request, response) => {
        requests += 1;
        response.end();
      },
    );
    server.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const deliver = createDeliver({ resolver: async () => [{ address: '127.0.0.1', family: 4 }] });
      const result = await deliver(
        { kind: 'webhook', url: `https://hooks.example.test:${port}/in`, secret: generateChannelSecret() },
        { id: 'msg_tls', event: 'test', occurredAt: Date.now(), title: 'Test', body: '', link: null, data: {} },
        {
          allowedHosts: ['127.0.0.1'],
          smtpUrl: undefined,
          smtpFrom: 'a@b.c',
          telegramApiUrl: 'https://api.telegram.org',
          timeoutMs: 2_000,
        },
      );
      expect(result).toMatchObject({
        ok: false,
        status: null,
        permanent: false,
        error: 'hooks.example.test presented an invalid TLS certificate',
      });
      expect(serverNames).toEqual(['hooks.example.test']);
      expect(requests).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
