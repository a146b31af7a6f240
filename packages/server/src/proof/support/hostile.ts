/* Generators of hostile input for the property tests: what a careless script, a fuzzer or an attacker sends. */
import fc from 'fast-check';

/** PROOF_RUNS: how many times the suite's number of cases to generate (1 unless set, for a longer run). */
export const PROOF_SCALE = Math.max(0.01, Number(process.env.PROOF_RUNS ?? 1) || 1);

/** fast-check's run count for a property: `count` cases, times PROOF_RUNS. */
export function runs(count: number): { numRuns: number } {
  return { numRuns: Math.max(1, Math.round(count * PROOF_SCALE)) };
}

/** Time for one property: a few thousand cases take tens of seconds on two busy cores. */
export const PROPERTY_TIMEOUT_MS = 120_000 * Math.max(1, PROOF_SCALE);

/** Strings chosen to break naive code: markup, template placeholders, control and direction characters... */
export const NASTY_STRINGS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{ticker}}',
  '{{strategy.order.action}}',
  "'; drop table signals; --",
  '\u0000',
  'nul\u0000inside',
  '\uFEFF',
  '\u202Eevil',
  '\uD800',
  '\uDFFF\uD800',
  '../../etc/passwd',
  '%00',
  '%s%n%x',
  '${process.exit(1)}',
  'constructor',
  '__proto__',
  '1e999',
  '\r\n\r\n',
  'A'.repeat(10_000),
];

export const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(...NASTY_STRINGS),
);

/** Keys that reach into prototypes, and the alert's own keys in odd spellings. */
export const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'),
  fc.constantFrom(
    'ticker',
    'TICKER',
    'Ticker',
    'symbol',
    'action',
    'side',
    'price',
    'close',
    'id',
    'strategy',
    'strategy.order.action',
  ),
  fc.string({ maxLength: 20 }),
);

/**
 * A JSON object written as text, key by key, so that `__proto__` is a key in the text as an attacker would send
 * it (JSON.stringify of an object cannot produce one).
 */
export const objectText = (values: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 })) =>
  fc
    .array(fc.tuple(hostileKey, values), { maxLength: 8 })
    .map(
      (pairs) =>
        `{${pairs.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`,
    );

/** Arrays or objects nested up to 20,000 deep. */
export const deeplyNested = fc
  .tuple(fc.integer({ min: 1, max: 20_000 }), fc.constantFrom(['[', ']'], ['{"a":', '}'], ['{"strategy":', '}']))
  .map(([depth, [open, close]]) => `${open!.repeat(depth)}1${close!.repeat(depth)}`);

/** Number-like text as it appears in alerts, legal JSON or not. */
export const NUMBER_LIKE = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '0x1A',
  '0b101',
  '0o17',
  '1e3',
  '1E-8',
  '1e999',
  '-1e999',
  '1e-400',
  '1_000',
  '1,000',
  ' 42 ',
  '.5',
  '5.',
  '+7',
  '٣',
  '１２',
  '9007199254740993',
  '65000.5',
  '00012',
  '1.2.3',
  '',
  ' ',
];

/** A price as an alert gives it: a JSON number (finite or not, written raw), a string, or something else. */
export const priceValueText = fc.oneof(
  fc.constantFrom(...NUMBER_LIKE).map((text) => JSON.stringify(text)),
  fc.constantFrom(...NUMBER_LIKE.filter((text) => text.trim() !== '')),
  fc.double().map((value) => (Number.isFinite(value) ? JSON.stringify(value) : String(value))),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(String(value))),
  fc.constantFrom('null', 'true', '[]', '{}', '[1]', '{"value":1}'),
);

/** Content types a webhook sender might set, sensible or not. */
export const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'text/plain; charset=utf-8',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/octet-stream',
  'application/xml',
  'image/png',
  'garbage',
  ';;;',
  'application/json, text/plain',
);
