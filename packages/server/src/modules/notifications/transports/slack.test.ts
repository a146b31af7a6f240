import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { hostileMessage, transportSettings } from '../../../test/stand-ins/fixtures';
import { slackRateLimited, startSlackStandIn, type SlackStandIn } from '../../../test/stand-ins/slack';
import { checkDestination, deliver } from './index';

let slack: SlackStandIn;
beforeAll(async () => {
  slack = await startSlackStandIn();
});
afterAll(() => slack.close());
beforeEach(() => {
  slack.requests.length = 0;
  slack.messages.length = 0;
  slack.behave({});
});

const settings = transportSettings();

describe('Slack transport', () => {
  it('posts text and one mrkdwn block with &, <, > escaped, answered ok', async () => {
    const result = await deliver({ kind: 'slack', url: slack.url }, hostileMessage(), settings);
    expect(result).toMatchObject({ ok: true, status: 200, permanent: false, error: null });
    expect(slack.messages).toHaveLength(1);
    const [posted] = slack.messages;
    expect(posted!.text).toBe('Trade closed: &lt;b&gt;BTC/USD&lt;/b&gt; long, P&amp;L +$12.30');
    expect(posted!.blocks).toEqual([
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: [
            '*Trade closed: &lt;b&gt;BTC/USD&lt;/b&gt; long, P&amp;L +$12.30*',
            'Strategy *Breakout* _v2_ closed @everyone &lt;@&amp;123&gt; &lt;!channel&gt;',
            '[click](https://evil.example) `code` &amp; more',
            '<https://signaldeck.example/trades/7?tab=fills&amp;x=1|Open in SignalDeck>',
          ].join('\n'),
        },
      },
    ]);
    // No unescaped control sequence can remain: every `<` in the text is one the transport wrote (the link).
    expect(posted!.blocks![0]!.text!.text.match(/</g)).toHaveLength(1);
  });

  it('cuts a long body to fit the 3000-character block, never inside an entity, keeping the link', async () => {
    const result = await deliver(
      { kind: 'slack', url: slack.url },
      hostileMessage({ body: 'a&'.repeat(2000) }),
      settings,
    );
    expect(result.ok).toBe(true);
    const text = slack.messages[0]!.blocks![0]!.text!.text;
    expect([...text].length).toBeLessThanOrEqual(3000);
    expect(text).toMatch(
      /(a&amp;)+a?…\n<https:\/\/signaldeck\.example\/trades\/7\?tab=fills&amp;x=1\|Open in SignalDeck>$/,
    );
  });

  it("names Slack's answer code on a failure, permanent for 4xx", async () => {
    const revoked = await deliver(
      { kind: 'slack', url: slack.url.replace(/\/[^/]+$/, '/revoked0') },
      hostileMessage(),
      settings,
    );
    expect(revoked).toMatchObject({
      ok: false,
      status: 404,
      permanent: true,
      error: 'Slack answered HTTP 404: no_service',
    });
    slack.behaveOnce({ answer: { status: 400, body: 'invalid_payload' } });
    expect(await deliver({ kind: 'slack', url: slack.url }, hostileMessage(), settings)).toMatchObject({
      ok: false,
      status: 400,
      permanent: true,
      error: 'Slack answered HTTP 400: invalid_payload',
    });
    slack.behaveOnce({ answer: { status: 403, body: 'Forbidden: internal detail <html>' } });
    expect((await deliver({ kind: 'slack', url: slack.url }, hostileMessage(), settings)).error).toBe(
      'Slack answered HTTP 403',
    );
  });

  it('retries a 429 after its Retry-After, and a 500', async () => {
    slack.behaveOnce({ answer: slackRateLimited(30) });
    expect(await deliver({ kind: 'slack', url: slack.url }, hostileMessage(), settings)).toMatchObject({
      ok: false,
      status: 429,
      permanent: false,
      retryAfterMs: 30_000,
    });
    slack.behaveOnce({ answer: { status: 500, body: 'rollup_error' } });
    expect(await deliver({ kind: 'slack', url: slack.url }, hostileMessage(), settings)).toMatchObject({
      ok: false,
      status: 500,
      permanent: false,
      error: 'Slack answered HTTP 500: rollup_error',
    });
  });

  it('gives up on a hanging Slack within the timeout (retryable) and refuses redirects', async () => {
    slack.behaveOnce({ hang: true });
    const started = performance.now();
    expect(await deliver({ kind: 'slack', url: slack.url }, hostileMessage(), settings)).toMatchObject({
      ok: false,
      status: null,
      permanent: false,
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    slack.behaveOnce({ answer: { status: 307, headers: { location: 'http://10.0.0.1/' } } });
    expect(await deliver({ kind: 'slack', url: slack.url }, hostileMessage(), settings)).toMatchObject({
      ok: false,
      status: 307,
      permanent: true,
    });
  });

  it("accepts hooks.slack.com or an operator-allowed host with Slack's path", async () => {
    const check = (url: string, allowedHosts: string[] = []) =>
      checkDestination({ kind: 'slack', url }, transportSettings({ allowedHosts }));
    expect(await check(slack.url, ['127.0.0.1'])).toBeNull();
    expect(await check(slack.url)).toContain('must look like https://hooks.slack.com/services/');
    expect(await check('https://hooks.slack.com/workflows/T1/B2/x')).toContain('must look like');
    expect(await check('https://hooks.slack.com.evil.example/services/T1/B2/x')).toContain('must look like');
  });
});
