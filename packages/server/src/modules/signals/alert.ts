import { escapeUnshown, shownShort } from '../../http/unshown';
import {
  normalizeAction,
  normalizeInterval,
  normalizeTicker,
  parseAlertTime,
  parseStrictNumber,
  type SignalAction,
} from './normalize';

/** What SignalDeck reads from an alert; null when the alert did not say (or said something unreadable). */
export interface SignalFields {
  ticker: string | null;
  action: SignalAction | null;
  price: number | null;
  quantity: number | null;
  positionSize: number | null;
  /** TradingView's `{{strategy.market_position}}`: where the position should be after the order. */
  marketPosition: MarketPosition | null;
  /** TradingView's `{{strategy.prev_market_position}}`: where the position was before the order. */
  prevMarketPosition: MarketPosition | null;
  /** TradingView's `{{strategy.prev_market_position_size}}`: the size before the order (unsigned). */
  prevPositionSize: number | null;
  /** Stop loss and take profit prices; they override the strategy's percentages for the position. */
  stopLoss: number | null;
  takeProfit: number | null;
  interval: string | null;
  /** When the alert fired, ms since 1970 (TradingView's `{{timenow}}`, else `{{time}}`). */
  alertTime: number | null;
  strategy: string | null;
  comment: string | null;
  /** The sender's own id for this alert, used to recognise a repeat of it. */
  clientId: string | null;
}

export const MARKET_POSITIONS = ['long', 'flat', 'short'] as const;
export type MarketPosition = (typeof MARKET_POSITIONS)[number];

export type ParsedAlert =
  | { status: 'accepted'; fields: SignalFields; reason: null }
  | { status: 'rejected'; fields: SignalFields; reason: string };

/**
 * What a rejection (its first problem) was about, for machines: the app turns it into a "How to fix" link to the
 * section of docs/webhooks.md that explains it. Derived from the reason's text (see reasonCode), so signals
 * stored before the codes existed get one too.
 */
export const REASON_CODES = [
  'empty-body',
  'text-not-json',
  'unquoted-value',
  'invalid-json',
  'not-an-object',
  'missing-ticker',
  'missing-action',
  'unfilled-placeholder',
  'bad-ticker',
  'unknown-action',
  'bad-number',
  'bad-market-position',
  'bad-interval',
  'bad-time',
  'not-text',
  'too-long',
  'duplicate',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** The first match wins; each pattern reads the start of a reason as this module (or ingest, for repeats) writes it. */
const REASON_PATTERNS: readonly (readonly [RegExp, ReasonCode])[] = [
  [/^Body is empty/, 'empty-body'],
  [/^TradingView sent text, not JSON/, 'text-not-json'],
  [/^The message is not valid JSON: "[^"]*" has a value without quotes/, 'unquoted-value'],
  [/^(The message|Body) is not valid JSON/, 'invalid-json'],
  [/^Body must be a JSON object/, 'not-an-object'],
  [/^Missing ticker/, 'missing-ticker'],
  [/^Missing action/, 'missing-action'],
  [/^[A-Z][a-z ]+ is ".*": a TradingView placeholder that was not filled in/, 'unfilled-placeholder'],
  [/^Ticker must be/, 'bad-ticker'],
  [/^Action must be/, 'unknown-action'],
  [/^(Price|Quantity|Position size|Previous position size|Stop loss|Take profit) must be a/, 'bad-number'],
  [/^(Market|Previous market) position must be/, 'bad-market-position'],
  [/^Interval must be/, 'bad-interval'],
  [/^Time must be/, 'bad-time'],
  [/^(Strategy|Comment|Alert id) must be text/, 'not-text'],
  [/^(Strategy|Comment|Alert id) must be at most/, 'too-long'],
  [/^Repeat of signal/, 'duplicate'],
];

/** The code of a stored reason (its first problem); null for no reason, or one not written by SignalDeck. */
export function reasonCode(reason: string | null): ReasonCode | null {
  if (reason === null) return null;
  return REASON_PATTERNS.find(([pattern]) => pattern.test(reason))?.[1] ?? null;
}

export const MAX_STRATEGY_LENGTH = 200;
export const MAX_COMMENT_LENGTH = 1000;
export const MAX_CLIENT_ID_LENGTH = 200;

/** How a value is quoted back in a reason: as JSON (a number too large for JSON as Infinity), shortened. */
function shown(value: unknown): string {
  let text: string;
  try {
    text =
      typeof value === 'number' && !Number.isFinite(value) ? String(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    // Nested too deeply to write back out (JSON.parse takes deeper nesting than JSON.stringify's stack):
    // the reason still names the field, and the alert is still stored as rejected.
    text = Array.isArray(value) ? '[…]' : '{…}';
  }
  // JSON escapes controls and halves of characters; direction overrides and invisible characters are escaped too.
  return shownShort(text);
}

const PLACEHOLDER = /\{\{[^{}]*\}\}/;

/** The actions an alert may give, as a reason lists them (normalize.ts also reads a few other spellings). */
const ACCEPTED_ACTIONS = 'buy, sell, long, short, exit, close, exit_long or exit_short';

/** The placeholder the alert template uses for a key, to show how a broken line should read. */
const TEMPLATE_PLACEHOLDERS: Readonly<Record<string, string>> = {
  ticker: '{{ticker}}',
  symbol: '{{ticker}}',
  action: '{{strategy.order.action}}',
  price: '{{close}}',
  close: '{{close}}',
  quantity: '{{strategy.order.contracts}}',
  contracts: '{{strategy.order.contracts}}',
  position_size: '{{strategy.position_size}}',
  market_position: '{{strategy.market_position}}',
  interval: '{{interval}}',
  time: '{{timenow}}',
  timenow: '{{timenow}}',
  comment: '{{strategy.order.comment}}',
  id: '{{strategy.order.id}}-{{timenow}}',
};

/**
 * Whether a field's value can be used, and as what. Plain functions rather than a schema library: they run for
 * every field of every webhook request, on the thread that serves them.
 */
type Check<T> = (value: unknown) => { ok: true; value: T } | { ok: false };

interface FieldRule<T> {
  /** The field's name in reasons. */
  label: string;
  /** Where the value may be, first found wins: keys of the alert object, dotted for nested objects. */
  keys: readonly string[];
  check: Check<T>;
  /** The reason when `check` refuses `value`. */
  problem(value: unknown): string;
  /** The reason when the alert does not give the field at all; optional fields have none. */
  missing?: string;
}

const REFUSED = { ok: false } as const;
const accepted = <T>(value: T) => ({ ok: true, value }) as const;

/**
 * Whether `value` is at most `maximum` characters long, counting code points rather than UTF-16 units: an emoji
 * is one character, as the trader sees it (a lone surrogate is one too).
 */
function fitsIn(value: string, maximum: number): boolean {
  const units = value.length;
  // A code point is one or two units, so only a length in between needs counting.
  if (units <= maximum) return true;
  if (units > maximum * 2) return false;
  let length = units;
  for (let i = 0; i < units - 1; i++) {
    if ((value.charCodeAt(i) & 0xfc00) === 0xd800 && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      length--;
      i++;
    }
  }
  return length <= maximum;
}

/** Text without surrounding spaces, at most `maximum` characters long once they are gone. */
const text =
  (maximum: number): Check<string> =>
  (value) => {
    if (typeof value !== 'string') return REFUSED;
    const trimmed = value.trim();
    return fitsIn(trimmed, maximum) ? accepted(trimmed) : REFUSED;
  };

/** Text of at most `maximum` characters as given (spaces count), turned into a value by `read` (null: unusable). */
const normalized =
  <T>(maximum: number, read: (input: string) => T | null): Check<T> =>
  (value) => {
    if (typeof value !== 'string' || !fitsIn(value, maximum)) return REFUSED;
    const result = read(value);
    return result === null ? REFUSED : accepted(result);
  };

/** A number or decimal text (see parseStrictNumber) that `allowed` lets through. */
const numeric =
  (allowed: (value: number) => boolean): Check<number> =>
  (value) => {
    const number = parseStrictNumber(value);
    return number !== null && allowed(number) ? accepted(number) : REFUSED;
  };

const symbol = normalized(64, normalizeTicker);
const action = normalized(32, normalizeAction);
const positiveNumber = numeric((value) => value > 0);

const MARKET_POSITION_SET: ReadonlySet<string> = new Set(MARKET_POSITIONS);
const marketPosition = normalized(16, (value) => {
  const position = value.trim().toLowerCase();
  return MARKET_POSITION_SET.has(position) ? (position as MarketPosition) : null;
});

/** A chart interval as text of at most 16 characters, or as a number (of minutes). */
const interval: Check<string> = (value) => {
  const readable = typeof value === 'string' ? fitsIn(value, 16) : typeof value === 'number' && Number.isFinite(value);
  const result = readable ? normalizeInterval(String(value)) : null;
  return result === null ? REFUSED : accepted(result);
};

const alertTime: Check<number> = (value) => {
  const time = parseAlertTime(value);
  return time === null ? REFUSED : accepted(time);
};

const clientIdText = text(MAX_CLIENT_ID_LENGTH);
/** Text, or a whole number 0 or more that is exact as a double (so the id it becomes is the one that was sent). */
const clientId: Check<string> = (value) =>
  typeof value === 'number'
    ? Number.isSafeInteger(value) && value >= 0
      ? accepted(String(value))
      : REFUSED
    : clientIdText(value);

const rule = <T>(definition: FieldRule<T>) => definition;

const textProblem =
  (label: string, maximum: number) =>
  (value: unknown): string =>
    typeof value === 'string'
      ? `${label} must be at most ${maximum} characters long`
      : `${label} must be text (got ${shown(value)})`;

/** The fields in the order their problems are listed. */
const FIELD_RULES = {
  ticker: rule({
    label: 'Ticker',
    keys: ['ticker', 'symbol'],
    check: symbol,
    problem: (value) =>
      `Ticker must be a symbol such as BTCUSDT or BINANCE:BTCUSDT (got ${shown(value)}): use "ticker": "{{ticker}}"`,
    missing: 'Missing ticker: add "ticker": "{{ticker}}" to the alert message',
  }),
  action: rule({
    label: 'Action',
    keys: ['action', 'strategy.order.action', 'order_action', 'side'],
    check: action,
    problem: (value) =>
      `Action must be one of ${ACCEPTED_ACTIONS} (got ${shown(value)}): use "action": "{{strategy.order.action}}" in a strategy alert, or write one of them`,
    missing:
      'Missing action: add "action": "{{strategy.order.action}}" to the alert message (in an indicator alert, write "buy" or "sell")',
  }),
  price: rule({
    label: 'Price',
    keys: ['price', 'close', 'strategy.order.price', 'order_price'],
    check: positiveNumber,
    problem: (value) =>
      `Price must be a positive number such as 65000.5 (got ${shown(value)}): use "price": "{{close}}"`,
  }),
  quantity: rule({
    label: 'Quantity',
    keys: ['quantity', 'qty', 'contracts', 'strategy.order.contracts', 'order_contracts'],
    check: positiveNumber,
    problem: (value) => `Quantity must be a positive number (got ${shown(value)})`,
  }),
  positionSize: rule({
    label: 'Position size',
    keys: ['position_size', 'strategy.position_size'],
    check: numeric(() => true),
    problem: (value) => `Position size must be a number (got ${shown(value)})`,
  }),
  marketPosition: rule({
    label: 'Market position',
    keys: ['market_position', 'strategy.market_position'],
    check: marketPosition,
    problem: (value) => `Market position must be long, flat or short (got ${shown(value)})`,
  }),
  prevMarketPosition: rule({
    label: 'Previous market position',
    keys: ['prev_market_position', 'strategy.prev_market_position'],
    check: marketPosition,
    problem: (value) => `Previous market position must be long, flat or short (got ${shown(value)})`,
  }),
  prevPositionSize: rule({
    label: 'Previous position size',
    keys: ['prev_market_position_size', 'prev_position_size', 'strategy.prev_market_position_size'],
    check: numeric((value) => value >= 0),
    problem: (value) => `Previous position size must be a number, 0 or more (got ${shown(value)})`,
  }),
  stopLoss: rule({
    label: 'Stop loss',
    keys: ['stop_loss'],
    check: positiveNumber,
    problem: (value) => `Stop loss must be a positive price (got ${shown(value)})`,
  }),
  takeProfit: rule({
    label: 'Take profit',
    keys: ['take_profit'],
    check: positiveNumber,
    problem: (value) => `Take profit must be a positive price (got ${shown(value)})`,
  }),
  interval: rule({
    label: 'Interval',
    keys: ['interval', 'timeframe'],
    check: interval,
    problem: (value) => `Interval must be a chart interval such as 1, 15, 60, 1D or 1h (got ${shown(value)})`,
  }),
  alertTime: rule({
    label: 'Time',
    keys: ['timenow', 'time', 'alert_time', 'timestamp'],
    check: alertTime,
    problem: (value) =>
      `Time must be an ISO 8601 date or milliseconds since 1970, between 2000 and 2100 (got ${shown(value)})`,
  }),
  strategy: rule({
    label: 'Strategy',
    keys: ['strategy', 'strategy.name', 'strategy_name'],
    check: text(MAX_STRATEGY_LENGTH),
    problem: textProblem('Strategy', MAX_STRATEGY_LENGTH),
  }),
  comment: rule({
    label: 'Comment',
    keys: ['comment', 'strategy.order.comment', 'order_comment', 'message'],
    check: text(MAX_COMMENT_LENGTH),
    problem: textProblem('Comment', MAX_COMMENT_LENGTH),
  }),
  clientId: rule({
    label: 'Alert id',
    keys: ['id', 'alert_id', 'client_id'],
    check: clientId,
    problem: (value) =>
      typeof value === 'string'
        ? `Alert id must be at most ${MAX_CLIENT_ID_LENGTH} characters long`
        : `Alert id must be text or a whole number (got ${shown(value)})`,
  }),
} satisfies { [Field in keyof SignalFields]: FieldRule<NonNullable<SignalFields[Field]>> };

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object's own keys in lower case (the first spelling wins), so `Ticker` and `ACTION` are read too. */
function lowerCaseKeys(object: JsonObject): Map<string, unknown> {
  const keys = new Map<string, unknown>();
  for (const [key, value] of Object.entries(object)) {
    const lower = key.toLowerCase();
    if (!keys.has(lower)) keys.set(lower, value);
  }
  return keys;
}

/** A dotted key is read flat first (`"strategy.order.action": ...`), then as nested objects. */
function lookUp(alert: Map<string, unknown>, key: string): unknown {
  if (alert.has(key)) return alert.get(key);
  const [head, ...rest] = key.split('.');
  let value: unknown = alert.get(head!);
  for (const part of rest) {
    if (!isObject(value)) return undefined;
    value = lowerCaseKeys(value).get(part);
  }
  return value;
}

/** Null and an empty string count as not given (TradingView fills a placeholder it has no value for with ''). */
function given(value: unknown): boolean {
  return value !== undefined && value !== null && (typeof value !== 'string' || value.trim() !== '');
}

/** The first value given under one of the rule's keys. A key that is a container of the next ones (`strategy`
 * holding `strategy.name`) is passed over when it holds an object. */
function findValue(alert: Map<string, unknown>, keys: readonly string[]): unknown {
  for (const key of keys) {
    const value = lookUp(alert, key);
    if (!given(value)) continue;
    if (isObject(value) && keys.some((other) => other.startsWith(`${key}.`))) continue;
    return value;
  }
  return undefined;
}

const EMPTY_FIELDS: SignalFields = {
  ticker: null,
  action: null,
  price: null,
  quantity: null,
  positionSize: null,
  marketPosition: null,
  prevMarketPosition: null,
  prevPositionSize: null,
  stopLoss: null,
  takeProfit: null,
  interval: null,
  alertTime: null,
  strategy: null,
  comment: null,
  clientId: null,
};

const rejected = (reason: string, fields: SignalFields = EMPTY_FIELDS): ParsedAlert => ({
  status: 'rejected',
  fields,
  reason,
});

function parseJson(body: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(body) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** A value written without quotes after a key: `"ticker": BINANCE:BTCUSDT` or `"ticker": {{ticker}}`. */
const UNQUOTED_VALUE = /"([^"\\\n]{1,40})"\s*:\s*(\{\{[^{}\n]*\}\}|(?!(?:true|false|null)\b)[A-Za-z][^,}\]\r\n]{0,60})/;

/**
 * Why a body that JSON.parse refused cannot be read, and how to fix it, in a trader's words (never the parser's
 * message, which names tokens and offsets): text instead of JSON (TradingView's default message), a value
 * without quotes, or else where the JSON breaks.
 */
function invalidJsonReason(source: string, parserMessage: string): string {
  const trimmed = source.trim();
  if (!/^[[{"]/.test(trimmed)) {
    return `TradingView sent text, not JSON: paste the alert template into the alert's Message (got ${shown(trimmed)})`;
  }
  const unquoted = UNQUOTED_VALUE.exec(source);
  if (unquoted) {
    const [, key, rawValue] = unquoted;
    const value = rawValue!.trim();
    // Own keys only: `constructor` or `__proto__` would otherwise read Object's properties.
    const lower = key!.toLowerCase();
    const template = Object.hasOwn(TEMPLATE_PLACEHOLDERS, lower) ? TEMPLATE_PLACEHOLDERS[lower] : undefined;
    const placeholder = PLACEHOLDER.test(value) ? value : (template ?? value);
    const name = escapeUnshown(key!);
    return `The message is not valid JSON: "${name}" has a value without quotes (${shownShort(value)}): quote it: "${name}": "${shownShort(placeholder)}"`;
  }
  const position = /position (\d+)/.exec(parserMessage);
  if (!position) {
    return 'The message is not valid JSON: it ends too early (a closing } or " is missing): compare it with the alert template';
  }
  const before = source.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `The message is not valid JSON: a quote, comma or brace is missing or extra at line ${line}, column ${column}: compare it with the alert template`;
}

/**
 * Reads an alert's body (TradingView sends its message as text/plain; it is JSON when the trader wrote a JSON
 * template). Never throws: a body SignalDeck cannot use is `rejected` with every problem found, in words a
 * trader can act on, and with whatever fields could be read.
 */
export function parseAlert(body: string): ParsedAlert {
  const source = body.replace(/^\uFEFF/, '');
  if (source.trim() === '') return rejected("Body is empty: paste the alert template into the alert's Message");

  const json = parseJson(source);
  if ('error' in json) return rejected(invalidJsonReason(source, json.error));
  if (!isObject(json.value)) {
    return rejected(
      'Body must be a JSON object, such as {"ticker": "{{ticker}}", "action": "{{strategy.order.action}}"}: paste the alert template',
    );
  }

  const alert = lowerCaseKeys(json.value);
  const fields: Record<string, unknown> = { ...EMPTY_FIELDS };
  const problems: string[] = [];
  for (const [name, fieldRule] of Object.entries(FIELD_RULES) as [keyof SignalFields, FieldRule<unknown>][]) {
    const value = findValue(alert, fieldRule.keys);
    if (value === undefined) {
      if (fieldRule.missing) problems.push(fieldRule.missing);
      continue;
    }
    const result = fieldRule.check(value);
    if (result.ok) {
      fields[name] = result.value;
    } else if (typeof value === 'string' && PLACEHOLDER.test(value)) {
      problems.push(
        `${fieldRule.label} is ${shown(value)}: a TradingView placeholder that was not filled in (check its spelling: {{strategy.…}} ones are filled only in strategy alerts, so in an indicator alert write the value)`,
      );
    } else {
      problems.push(fieldRule.problem(value));
    }
  }

  const parsed = fields as unknown as SignalFields;
  return problems.length === 0
    ? { status: 'accepted', fields: parsed, reason: null }
    : rejected(problems.join('; '), parsed);
}
