import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MARKET_POSITIONS,
  MAX_CLIENT_ID_LENGTH,
  MAX_COMMENT_LENGTH,
  MAX_STRATEGY_LENGTH,
  parseAlert,
  type SignalFields,
} from './alert';
import {
  ACTIONS,
  normalizeAction,
  normalizeInterval,
  normalizeTicker,
  parseAlertTime,
  parseStrictNumber,
} from './normalize';

/*
 * The zod schemas the fields were read with before alert.ts checked them by hand: what each field accepts,
 * refuses and stores must stay exactly what these say.
 */
const text = (maximum: number) => z.string().trim().max(maximum);
const positiveNumber = z.unknown().transform(parseStrictNumber).pipe(z.number().positive());
const marketPosition = z
  .string()
  .max(16)
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.enum(MARKET_POSITIONS));

/** Each field under one of its keys (one that no other key of the field is nested under). */
const REFERENCE: { [Field in keyof SignalFields]: { key: string; schema: z.ZodType } } = {
  ticker: { key: 'ticker', schema: z.string().max(64).transform(normalizeTicker).pipe(z.string()) },
  action: { key: 'action', schema: z.string().max(32).transform(normalizeAction).pipe(z.enum(ACTIONS)) },
  price: { key: 'price', schema: positiveNumber },
  quantity: { key: 'qty', schema: positiveNumber },
  positionSize: { key: 'position_size', schema: z.unknown().transform(parseStrictNumber).pipe(z.number()) },
  marketPosition: { key: 'market_position', schema: marketPosition },
  prevMarketPosition: { key: 'prev_market_position', schema: marketPosition },
  prevPositionSize: {
    key: 'prev_position_size',
    schema: z.unknown().transform(parseStrictNumber).pipe(z.number().nonnegative()),
  },
  stopLoss: { key: 'stop_loss', schema: positiveNumber },
  takeProfit: { key: 'take_profit', schema: positiveNumber },
  interval: {
    key: 'interval',
    schema: z
      .union([z.string().max(16), z.number()])
      .transform((value) => normalizeInterval(String(value)))
      .pipe(z.string()),
  },
  alertTime: { key: 'timenow', schema: z.unknown().transform(parseAlertTime).pipe(z.number()) },
  strategy: { key: 'strategy_name', schema: text(MAX_STRATEGY_LENGTH) },
  comment: { key: 'comment', schema: text(MAX_COMMENT_LENGTH) },
  clientId: {
    key: 'id',
    schema: z.union([text(MAX_CLIENT_ID_LENGTH), z.number().int().nonnegative().transform(String)]),
  },
};

const FIELDS = Object.keys(REFERENCE) as (keyof SignalFields)[];
const LIMITS = [16, 32, 64, MAX_STRATEGY_LENGTH, MAX_COMMENT_LENGTH];

/** As parseAlert's `given`: null and blank text are no value at all. */
const given = (value: unknown) =>
  value !== undefined && value !== null && (typeof value !== 'string' || value.trim() !== '');

/** The body's status and fields as the reference schemas read it. */
function expected(body: string): { status: 'accepted' | 'rejected'; fields: Record<string, unknown> } {
  const alert = JSON.parse(body) as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  let accepted = true;
  for (const field of FIELDS) {
    const { key, schema } = REFERENCE[field];
    const value = Object.hasOwn(alert, key) ? alert[key] : undefined;
    fields[field] = null;
    if (!given(value)) {
      if (field === 'ticker' || field === 'action') accepted = false;
      continue;
    }
    const result = schema.safeParse(value);
    if (result.success) fields[field] = result.data;
    else accepted = false;
  }
  return { status: accepted ? 'accepted' : 'rejected', fields };
}

function expectSameAsReference(body: string): void {
  const reference = expected(body);
  const parsed = parseAlert(body);
  expect(parsed.status).toBe(reference.status);
  // toBe compares with Object.is, so -0 stored where 0 was expected (or the other way round) fails too.
  for (const field of FIELDS) expect(parsed.fields[field], field).toBe(reference.fields[field]);
}

/** A body from JSON texts by key; texts rather than values, so it can hold -0 and 1e999. */
const body = (entries: [string, string][]) =>
  `{${entries.map(([key, raw]) => `${JSON.stringify(key)}:${raw}`).join(',')}}`;

/** Any number as JSON: NaN and the infinities, which JSON has no numbers for, as text or as 1e999. */
const numberJson = fc
  .oneof(
    fc.double(),
    fc.integer({ min: -1e6, max: 1e6 }),
    fc.constantFrom(0, -0, 5e-324, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2, 1e21, 1e11, 1e11 - 1, 1714566600, 1714566600000),
  )
  .chain((value) =>
    fc.constantFrom(
      Object.is(value, -0) ? '-0' : Number.isFinite(value) ? JSON.stringify(value) : value > 0 ? '1e999' : '-1e999',
      JSON.stringify(String(value)),
    ),
  );

const numberLiteral = fc.constantFrom(
  '-0',
  '-0.0',
  '0.0',
  '1e999',
  '-1e999',
  '1e-400',
  '9007199254740993',
  '1E2',
  '10000',
  '10001',
);

const numericText = fc.oneof(
  fc.stringMatching(/^\s{0,2}[+-]?\d{0,4}(?:\.\d{0,3})?(?:[eE][+-]?\d{1,3})?\s{0,2}$/),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '0x10', '1_000', '1,000', '.', '-.5', '5.', '+0', '-0', '1e999'),
);

/** Values the fields are written with, right or nearly so. */
const cores = fc.constantFrom(
  'BINANCE:BTCUSDT',
  'BTCUSDT.P',
  'btc',
  'ETH/BTC',
  'XBTUSD',
  'NASDAQ:AAPL',
  '$$$',
  'A'.repeat(32),
  'A'.repeat(33),
  ...ACTIONS,
  'BUY',
  'Close Long',
  'exit-short',
  'hold',
  ...MARKET_POSITIONS,
  'LONG',
  'Flat',
  'Short',
  'up',
  'ＬＯＮＧ',
  '1',
  '15',
  '60',
  '240',
  '1D',
  'D',
  'W',
  'S',
  'm',
  '1M',
  '10000',
  '10001',
  '0',
  '1.5',
  '2024-05-01T12:30:00Z',
  '2024-05-01 12:30',
  '2024-05-01',
  '1999-12-31T23:59:59.999Z',
  '2100-01-01T00:00:00Z',
  '1714566600',
  '{{ticker}}',
  '{{strategy.order.action}}',
  '{{close}}',
  '😀',
  '\uD800',
  '',
);

/** A core padded with spaces to about one of the length limits, so the limit falls on, before or after it. */
const padded = fc
  .tuple(
    cores,
    fc.constantFrom(0, ...LIMITS),
    fc.integer({ min: -2, max: 2 }),
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.constantFrom(' ', '\t', '\n', '\u3000', '\uFEFF'),
  )
  .map(([core, limit, offset, left, space]) => {
    const pad = Math.max(0, limit + offset - core.length);
    const before = Math.round(pad * left);
    return space.repeat(before) + core + space.repeat(pad - before);
  });

/** Text about as long as a limit, in units or in code points: letters, emoji, lone surrogates, spaces. */
const aroundLimit = fc
  .tuple(
    fc.constantFrom(...LIMITS),
    fc.integer({ min: -3, max: 2 }),
    fc.constantFrom('a', '😀', '\uD800', '\uDC00', 'a😀', ' '),
    fc.string({ maxLength: 3, unit: 'binary' }),
    fc.boolean(),
  )
  .map(([limit, offset, unit, extra, halve]) => {
    const count = Math.max(0, Math.ceil((halve ? limit / unit.length : limit) + offset));
    return unit.repeat(count) + extra;
  });

const textJson = fc
  .oneof(padded, aroundLimit, numericText, fc.string({ unit: 'binary' }))
  .map((value) => JSON.stringify(value));
const anythingJson = fc
  .anything()
  .map((value) => JSON.stringify(value))
  .filter((raw): raw is string => raw !== undefined);

const valueJson = fc.oneof(
  anythingJson,
  numberJson,
  numberLiteral,
  textJson,
  fc.constantFrom('null', 'true', '[]', '{}'),
);

describe('the field checks', () => {
  it('should read each field as the reference schemas do, alone in an alert that is otherwise right', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELDS), valueJson, (field, raw) => {
        const entries: [string, string][] = [
          ['ticker', '"BTC"'],
          ['action', '"buy"'],
        ];
        const key = REFERENCE[field].key;
        const others = entries.filter(([name]) => name !== key);
        expectSameAsReference(body([...others, [key, raw]]));
      }),
      { numRuns: 5000 },
    );
  });

  it('should read every field of an alert as the reference schemas do', () => {
    const fields = fc.record(
      Object.fromEntries(FIELDS.map((field) => [field, fc.option(valueJson, { nil: undefined })])) as Record<
        keyof SignalFields,
        fc.Arbitrary<string | undefined>
      >,
    );
    fc.assert(
      fc.property(fields, (values) => {
        const entries = FIELDS.flatMap((field): [string, string][] => {
          const raw = values[field];
          return raw === undefined ? [] : [[REFERENCE[field].key, raw]];
        });
        expectSameAsReference(body(entries));
      }),
      { numRuns: 1000 },
    );
  });
});
