import { describe, expect, it } from 'vitest';
import { maskDestination } from './destinations';

describe('maskDestination', () => {
  it.each([
    ['https://hooks.example.com/signaldeck/abc', 'https://hooks.example.com/…'],
    ['https://hooks.example.com/sk_live_SECRET/hook', 'https://hooks.example.com/…'],
    ['https://hooks.example.com/a;token=SECRET', 'https://hooks.example.com/…'],
    ['https://hooks.example.com/hook?token=secret', 'https://hooks.example.com/…'],
    ['https://hooks.example.com/', 'https://hooks.example.com/'],
    ['https://hooks.example.com/?token=secret', 'https://hooks.example.com/…'],
  ])('should show a webhook at %s as %s, never a step of its path', (url, target) => {
    expect(maskDestination({ kind: 'webhook', url, secret: 'whsec_AAAA' })).toBe(target);
  });

  it('should never show a Discord token or a Slack secret', () => {
    const discord = maskDestination({
      kind: 'discord',
      url: 'https://discord.com/api/webhooks/123456789/s3cr3t-token',
    });
    const slack = maskDestination({ kind: 'slack', url: 'https://hooks.slack.com/services/T000/B000/s3cr3t' });
    expect(discord).toBe('Discord #…6789');
    expect(slack).toBe('Slack …/T000/B000/••••');
    expect(`${discord} ${slack}`).not.toContain('s3cr3t');
  });
});
