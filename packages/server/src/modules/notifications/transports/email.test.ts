import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { hostileMessage, transportSettings } from '../../../test/stand-ins/fixtures';
import { startSmtpStandIn, type SmtpStandIn } from '../../../test/stand-ins/smtp';
import { checkDestination, deliver } from './index';

let smtp: SmtpStandIn;
beforeAll(async () => {
  smtp = await startSmtpStandIn({ user: 'signaldeck', password: 'p@ss word' });
});
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.messages.length = 0;
  smtp.behave({});
});

const settings = () => transportSettings({ smtpUrl: smtp.url, allowedHosts: [] });
const channel = { kind: 'email' as const, to: 'trader@example.com' };

describe('email transport', () => {
  it('logs in and sends a text and an escaped HTML part, subject = title, from SMTP_FROM', async () => {
    const result = await deliver(channel, hostileMessage(), settings());
    expect(result).toMatchObject({ ok: true, status: 250, permanent: false, error: null });
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.from).toBe('signals@signaldeck.test');
    expect(mail!.to).toEqual(['trader@example.com']);
    expect(mail!.subject).toBe('Trade closed: <b>BTC/USD</b> long, P&L +$12.30');
    expect(mail!.messageId).toBe('<msg_01JD8W2C7Q@signaldeck>');
    expect(mail!.text).toBe(
      [
        'Trade closed: <b>BTC/USD</b> long, P&L +$12.30',
        'Strategy *Breakout* _v2_ closed @everyone <@&123> <!channel>\n[click](https://evil.example) `code` & more',
        'Open in SignalDeck: https://signaldeck.example/trades/7?tab=fills&x=1',
      ].join('\n\n'),
    );
    const html = mail!.html as string;
    expect(html).toContain('Trade closed: &lt;b&gt;BTC/USD&lt;/b&gt; long, P&amp;L +$12.30');
    expect(html).toContain('&lt;@&amp;123&gt; &lt;!channel&gt;<br>[click]');
    expect(html).toContain('<a href="https://signaldeck.example/trades/7?tab=fills&amp;x=1">Open in SignalDeck</a>');
    expect(html).not.toContain('<b>');
  });

  it('keeps the minus sign of a loss in the subject and both parts', async () => {
    const title = 'Trade closed: BTC long, P&L \u2212$1.02';
    await deliver(channel, hostileMessage({ title }), settings());
    const [mail] = smtp.messages;
    expect(mail!.subject).toBe(title);
    expect(mail!.text).toMatch(/^Trade closed: BTC long, P&L \u2212\$1\.02\n/);
    expect(mail!.html).toContain('P&amp;L \u2212$1.02');
  });

  it('refuses an unknown recipient permanently (550), defers on 451', async () => {
    smtp.behave({ unknownRecipients: ['nobody@example.com'] });
    expect(await deliver({ kind: 'email', to: 'nobody@example.com' }, hostileMessage(), settings())).toMatchObject({
      ok: false,
      status: 550,
      permanent: true,
      error: 'The mail server refused the message (SMTP 550)',
    });
    smtp.behave({ dataReply: 451 });
    expect(await deliver(channel, hostileMessage(), settings())).toMatchObject({
      ok: false,
      status: 451,
      permanent: false,
      error: 'The mail server deferred the message (SMTP 451)',
    });
    expect(smtp.messages).toHaveLength(0);
  });

  it('retries a refused login without revealing SMTP_URL', async () => {
    const wrong = smtp.url.replace('p%40ss%20word', 'nope');
    expect(wrong).not.toBe(smtp.url);
    const result = await deliver(channel, hostileMessage(), transportSettings({ smtpUrl: wrong }));
    expect(result).toMatchObject({ ok: false, status: 535, permanent: false });
    expect(result.error).toBe('The mail server refused SignalDeck’s login (check SMTP_URL)');
  });

  it('gives up on a hanging server within the timeout, waits for a slow one', async () => {
    smtp.behave({ hang: true });
    const started = performance.now();
    const hung = await deliver(channel, hostileMessage(), settings());
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(hung).toMatchObject({
      ok: false,
      status: null,
      permanent: false,
      error: 'The mail server did not answer within 1 s',
    });
    smtp.behave({ delayMs: 300 });
    const slow = await deliver(channel, hostileMessage(), settings());
    expect(slow).toMatchObject({ ok: true, status: 250 });
    expect(slow.durationMs).toBeGreaterThanOrEqual(290);
  });

  it('reports a mail server that is down as retryable', async () => {
    const down = await startSmtpStandIn();
    await down.close();
    const result = await deliver(channel, hostileMessage(), transportSettings({ smtpUrl: down.url }));
    expect(result).toMatchObject({ ok: false, status: null, permanent: false });
    expect(result.error).toMatch(/^Could not reach the mail server/);
  });

  it('is unavailable without SMTP_URL, and checks the address', async () => {
    expect(await checkDestination(channel, transportSettings())).toBe(
      'Email is not available: the operator has not set SMTP_URL',
    );
    expect(await deliver(channel, hostileMessage(), transportSettings())).toMatchObject({ ok: false, permanent: true });
    expect(await checkDestination(channel, settings())).toBeNull();
    expect(await checkDestination({ kind: 'email', to: 'a@b.c\r\nBcc: x@y.z' }, settings())).toBe(
      'The email address is not valid',
    );
    expect(await checkDestination({ kind: 'email', to: 'Name <a@b.c>' }, settings())).toBe(
      'The email address is not valid',
    );
  });
});
