import { describe, expect, it } from 'vitest';
import { paths, safeRedirect } from './paths';

describe('given safeRedirect', () => {
  it('should keep a path inside the app, with its query', () => {
    expect(safeRedirect('/signals?ticker=ETH', '/')).toBe('/signals?ticker=ETH');
  });

  it('should keep a hash, and give the path as the browser reads it', () => {
    expect(safeRedirect('/trading/ETH/1h#chart', '/')).toBe('/trading/ETH/1h#chart');
    expect(safeRedirect('/signals/../trading/BTC/1m', '/')).toBe('/trading/BTC/1m');
    // An escaped tab stays an escape: a path on this site, never a way off it.
    expect(safeRedirect('/%09/evil.example', '/')).toBe('/%09/evil.example');
  });

  it.each([
    null,
    '',
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '\t//evil.example',
    '/\\/evil.example',
    '/./\\evil.example',
    '/.//evil.example',
    '/..//evil.example',
  ])('should fall back for %s', (value) => {
    expect(safeRedirect(value, paths.defaultAfterLogin)).toBe('/trading/BTC/1m');
  });
});

describe('given paths.signalOnChart', () => {
  it('should open the pair at the signal time with its marker: ?at=<ms>&signal=<id>', () => {
    expect(paths.signalOnChart('BTC', '1m', 1_773_309_600_000, '42')).toBe(
      '/trading/BTC/1m?at=1773309600000&signal=42',
    );
  });
});
