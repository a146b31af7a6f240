/**
 * A User-Agent header told in a trader's words ("Chrome on macOS", "Safari on iPhone"): a few keyword checks in a
 * fixed order, no regular expression that can backtrack, and only names from the lists below ever come out, so
 * nothing a client sends is echoed back. Anything unrecognised is "Unknown browser" / "Unknown device".
 */
export interface DeviceDescription {
  browser: string;
  device: string;
}

/** Checked in order: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: readonly (readonly [keyword: string, name: string])[] = [
  ['edg/', 'Edge'],
  ['edga/', 'Edge'],
  ['edgios/', 'Edge'],
  ['opr/', 'Opera'],
  ['samsungbrowser/', 'Samsung Internet'],
  ['firefox/', 'Firefox'],
  ['fxios/', 'Firefox'],
  ['crios/', 'Chrome'],
  ['chromium/', 'Chromium'],
  ['headlesschrome/', 'Chrome (headless)'],
  ['chrome/', 'Chrome'],
  ['safari/', 'Safari'],
  ['curl/', 'curl'],
  ['node', 'Node.js'],
  ['postman', 'Postman'],
];

const DEVICES: readonly (readonly [keyword: string, name: string])[] = [
  ['iphone', 'iPhone'],
  ['ipad', 'iPad'],
  ['android', 'Android'],
  ['cros', 'ChromeOS'],
  ['windows', 'Windows'],
  ['mac os x', 'macOS'],
  ['macintosh', 'macOS'],
  ['linux', 'Linux'],
];

const find = (text: string, table: typeof BROWSERS) => table.find(([keyword]) => text.includes(keyword))?.[1];

export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const text = (userAgent ?? '').slice(0, 512).toLowerCase();
  return {
    browser: find(text, BROWSERS) ?? 'Unknown browser',
    device: find(text, DEVICES) ?? 'Unknown device',
  };
}
