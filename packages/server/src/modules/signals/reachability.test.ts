import { describe, expect, it } from 'vitest';
import { hostScope, webhookReachability } from './reachability';

const TOKEN = '/api/webhooks/3q2-yV0kH1n0vKf0wL0kJm9mR2gG3lO0cZ1dXoYb9sA';
const codes = (url: string) => webhookReachability(url).problems.map((problem) => problem.code);

describe('hostScope', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['0.0.0.0', 'loopback'],
    ['localhost', 'loopback'],
    ['LOCALHOST', 'loopback'],
    ['app.localhost', 'loopback'],
    ['[::1]', 'loopback'],
    ['::1', 'loopback'],
    ['[::]', 'loopback'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.20', 'private'],
    ['169.254.169.254', 'private'],
    ['100.64.0.1', 'private'],
    ['[fc00::1]', 'private'],
    ['[fd12:3456:789a::1]', 'private'],
    ['[fe80::1]', 'private'],
    ['[::ffff:192.168.0.1]', 'private'],
    ['nas', 'private'],
    ['signaldeck.local', 'private'],
    ['172.15.255.255', 'public'],
    ['172.32.0.1', 'public'],
    ['192.169.0.1', 'public'],
    ['11.0.0.1', 'public'],
    ['52.89.214.238', 'public'],
    ['[2001:db8::1]', 'public'],
    ['[fb00::1]', 'public'],
    ['[::ffff:52.89.214.238]', 'public'],
    ['signals.example.com', 'public'],
  ])('should place %s as %s', (host, scope) => {
    expect(hostScope(host)).toBe(scope);
  });
});

describe('webhookReachability', () => {
  it('should pass a public https URL on the default port', () => {
    expect(webhookReachability(`https://signals.example.com${TOKEN}`)).toEqual({ ok: true, problems: [] });
    expect(codes(`https://signals.example.com:443${TOKEN}`)).toEqual([]);
  });

  it('should flag the default local URL for every reason TradingView cannot use it, and say how to fix each', () => {
    const reachability = webhookReachability(`http://127.0.0.1:3000${TOKEN}`);
    expect(reachability.ok).toBe(false);
    expect(reachability.problems.map((problem) => problem.code)).toEqual(['loopback', 'port', 'http']);
    const [loopback, port, http] = reachability.problems;
    expect(loopback!.message).toMatch(/127\.0\.0\.1 is this computer's own address: TradingView cannot reach it/);
    expect(loopback!.message).toMatch(/PUBLIC_URL.*reverse proxy or a tunnel/);
    expect(port!.message).toMatch(/only to ports 80 and 443, and this URL uses port 3000/);
    expect(http!.message).toMatch(/plain http.*https/);
  });

  it.each([
    [`http://localhost:8080${TOKEN}`, ['loopback', 'port', 'http']],
    [`https://[::1]${TOKEN}`, ['loopback']],
    [`https://192.168.1.20${TOKEN}`, ['private']],
    [`https://10.1.2.3:8443${TOKEN}`, ['private', 'port']],
    [`https://172.20.0.5${TOKEN}`, ['private']],
    [`https://169.254.1.1${TOKEN}`, ['private']],
    [`https://[fd00::5]${TOKEN}`, ['private']],
    [`https://signals.example.com:8443${TOKEN}`, ['port']],
    [`http://signals.example.com${TOKEN}`, ['http']],
    [`http://signals.example.com:80${TOKEN}`, ['http']],
    [`https://52.89.214.238${TOKEN}`, []],
  ])('should find in %s the problems %j', (url, expected) => {
    expect(codes(url)).toEqual(expected);
  });
});
