import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent';

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari',
      'macOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'Linux'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome',
      'Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
      'Chrome',
      'iPhone',
    ],
    ['curl/8.5.0', 'curl', 'Unknown device'],
  ])('should read %s as %s on %s', (userAgent, browser, device) => {
    expect(describeUserAgent(userAgent)).toEqual({ browser, device });
  });

  it('should never echo what a client sent: unknown text, markup and missing headers read as unknown', () => {
    for (const userAgent of ['<img src=x onerror=alert(1)>', '', null, undefined, 'x'.repeat(100_000)]) {
      expect(describeUserAgent(userAgent)).toEqual({ browser: 'Unknown browser', device: 'Unknown device' });
    }
  });
});
