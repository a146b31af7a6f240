import { z } from 'zod';
import { escapeUnshown } from '../../http/unshown';
import { FieldErrors, shownField, shownPath } from '../../http/validation';
import { SYMBOLS, type MarketSymbol } from '../market/markets';

/*
 * A strategy's paper-trading settings, as they travel in JSON (camelCase, null where unset), their defaults, and
 * their validation. Messages name the setting and the allowed values, so a trader can fix the form without
 * reading docs; `errors` is keyed by the setting's path (`sizing.value`), the shape the API's 422 carries.
 */

export const SIZING_MODES = ['signal', 'fixed', 'notional', 'percent'] as const;
export const SIDES = ['long', 'short', 'both'] as const;
export const OPPOSITE_SIGNAL_POLICIES = ['reverse', 'close'] as const;
export const FILL_MODES = ['signal', 'market', 'next_open'] as const;

export type SizingMode = (typeof SIZING_MODES)[number];
export type AllowedSides = (typeof SIDES)[number];
export type OppositeSignalPolicy = (typeof OPPOSITE_SIGNAL_POLICIES)[number];
export type FillMode = (typeof FILL_MODES)[number];

/** What `signal` sizing trades when an alert carries no quantity, unless the strategy sets its own value. */
export const SIGNAL_FALLBACK_NOTIONAL_USD = 1_000;

const MAX_USD = 1_000_000_000;
const MIN_STARTING_BALANCE = 1;
const MAX_STARTING_BALANCE = 1_000_000_000_000;
/** The smallest quantity the engine trades (8 decimals, money.ts). */
const MIN_QUANTITY = 1e-8;
const MAX_BPS = 1_000;
const MAX_TAKE_PROFIT_PCT = 1_000;
/** Below 100%: a stop at or beyond 100% would put a long's stop at or below 0. */
const MAX_STOP_LOSS_PCT = 99.99;
/** A short's target must stay above 0: take profit below 100% whenever shorts are traded. */
const MAX_SHORT_TAKE_PROFIT_PCT = 99.99;
const MAX_SIGNAL_AGE_S = 86_400;

export interface Sizing {
  mode: SizingMode;
  /**
   * `fixed`: the quantity of the pair's asset per order; `notional`: USD per order; `percent`: share of equity per
   * order and its fee together (0-100]; `signal`: the USD notional used when an alert has no quantity.
   */
  value: number;
}

export interface StrategySettings {
  paperTrading: boolean;
  /** USD. */
  startingBalance: number;
  sizing: Sizing;
  sides: AllowedSides;
  onOpposite: OppositeSignalPolicy;
  /** Whether a signal in the direction of the open position adds to it (average entry) or is ignored. */
  pyramiding: boolean;
  fill: FillMode;
  slippageBps: number;
  feeBps: number;
  stopLossPct: number | null;
  takeProfitPct: number | null;
  maxSignalAgeS: number | null;
  /** null: every listed pair. */
  allowedTickers: MarketSymbol[] | null;
}

export const DEFAULT_SETTINGS: Readonly<StrategySettings> = Object.freeze({
  paperTrading: true,
  startingBalance: 10_000,
  sizing: Object.freeze({ mode: 'signal', value: SIGNAL_FALLBACK_NOTIONAL_USD }),
  sides: 'both',
  onOpposite: 'reverse',
  pyramiding: false,
  fill: 'market',
  slippageBps: 0,
  feeBps: 10,
  stopLossPct: null,
  takeProfitPct: null,
  maxSignalAgeS: null,
  allowedTickers: null,
} satisfies StrategySettings);

const listed = (values: readonly string[]) =>
  values.length === 1 ? values[0]! : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

const choice = <const Values extends readonly [string, ...string[]]>(label: string, values: Values) =>
  z.enum(values, { error: `${label} must be ${listed(values)}` });

interface Range {
  label: string;
  unit: string;
  /** The lowest allowed value, or the bound it must exceed when `exclusive`. */
  min: number;
  exclusive: boolean;
  max: number;
  integer?: boolean;
}

function ranged({ label, unit, min, exclusive, max, integer = false }: Range) {
  const amount = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 8 })}${unit}`;
  const range = exclusive
    ? `more than ${amount(min)} and at most ${amount(max)}`
    : `from ${amount(min)} to ${amount(max)}`;
  const number = z.number({ error: `${label} must be a number ${range}` });
  const checked = exclusive
    ? number.gt(min, { error: `${label} must be more than ${amount(min)}` })
    : number.gte(min, { error: `${label} must be at least ${amount(min)}` });
  const bounded = checked.lte(max, { error: `${label} must be at most ${amount(max)}` });
  return integer ? bounded.int({ error: `${label} must be a whole number ${range}` }) : bounded;
}

/** How each sizing mode's value is read, for its range and message. */
const SIZING_VALUE: Record<SizingMode, Range & { meaning: string }> = {
  signal: {
    label: 'Fallback size',
    unit: ' USD',
    min: 0,
    exclusive: true,
    max: MAX_USD,
    meaning: 'the USD notional traded when an alert has no quantity',
  },
  fixed: {
    label: 'Fixed size',
    unit: '',
    min: MIN_QUANTITY,
    exclusive: false,
    max: MAX_USD,
    meaning: "the quantity of the pair's asset per order",
  },
  notional: {
    label: 'Notional size',
    unit: ' USD',
    min: 0,
    exclusive: true,
    max: MAX_USD,
    meaning: 'the USD value of each order',
  },
  percent: {
    label: 'Percent of equity',
    unit: '%',
    min: 0,
    exclusive: true,
    max: 100,
    meaning: 'the share of equity each order uses',
  },
};

const sizingSchema = z
  .strictObject(
    {
      mode: choice('Sizing mode', SIZING_MODES),
      value: z.unknown().optional(),
    },
    { error: 'Sizing must be an object such as {"mode": "notional", "value": 500}' },
  )
  .transform((sizing, context): Sizing => {
    const rule = SIZING_VALUE[sizing.mode];
    if (sizing.value === undefined || sizing.value === null) {
      if (sizing.mode === 'signal') return { mode: 'signal', value: SIGNAL_FALLBACK_NOTIONAL_USD };
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: `${sizing.mode[0]!.toUpperCase()}${sizing.mode.slice(1)} sizing needs a value: ${rule.meaning}`,
      });
      return z.NEVER;
    }
    const value = ranged(rule).safeParse(sizing.value);
    if (!value.success) {
      for (const issue of value.error.issues)
        context.addIssue({ code: 'custom', path: ['value'], message: issue.message });
      return z.NEVER;
    }
    return { mode: sizing.mode, value: value.data };
  });

/** How many refused tickers a message names; the rest are counted ("and 19995 more"). */
const MAX_TICKERS_NAMED = 5;
const MAX_TICKER_SHOWN = 20;

/**
 * A refused ticker as the message names it: the text as read (trimmed, upper case), cut; a number or true/false as
 * it is; anything else by its kind ("a list", "an object"), never serialized: a list nested 4,500 deep is a list.
 */
function shownTicker(value: unknown): string {
  if (typeof value === 'string') {
    // Control and invisible characters (a bell, a right-to-left override) are written as escapes, not sent back.
    return escapeUnshown(value.length > MAX_TICKER_SHOWN ? `${value.slice(0, MAX_TICKER_SHOWN - 1)}…` : value);
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** "DOGE, XRP", or the first few and how many more: a list of 20,000 bad tickers is not echoed back whole. */
function namedTickers(refused: readonly unknown[]): string {
  const named = refused.slice(0, MAX_TICKERS_NAMED).map(shownTicker).join(', ');
  const more = refused.length - MAX_TICKERS_NAMED;
  return more > 0 ? `${named} and ${more} more` : named;
}

const allowedTickersSchema = z
  .array(z.unknown(), {
    error: `Allowed tickers must be a list of pairs among ${listed(SYMBOLS)}, or null for all`,
  })
  .nullable()
  .transform((tickers, context): MarketSymbol[] | null => {
    if (tickers === null) return null;
    const read = tickers.map((ticker) => (typeof ticker === 'string' ? ticker.trim().toUpperCase() : ticker));
    const refused = [...new Set(read.filter((ticker) => !(SYMBOLS as readonly unknown[]).includes(ticker)))];
    if (refused.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `Allowed tickers must be among ${listed(SYMBOLS)} (not ${namedTickers(refused)})`,
      });
      return z.NEVER;
    }
    if (read.length === 0) {
      context.addIssue({
        code: 'custom',
        message: `Allowed tickers must list at least one of ${listed(SYMBOLS)}, or be null for all`,
      });
      return z.NEVER;
    }
    // The listed order, whatever order the trader typed them in.
    return SYMBOLS.filter((symbol) => read.includes(symbol));
  });

const settingShapes = {
  paperTrading: flag('Paper trading'),
  startingBalance: ranged({
    label: 'Starting balance',
    unit: ' USD',
    min: MIN_STARTING_BALANCE,
    exclusive: false,
    max: MAX_STARTING_BALANCE,
  }),
  sizing: sizingSchema,
  sides: choice('Sides', SIDES),
  onOpposite: choice('On opposite signal', OPPOSITE_SIGNAL_POLICIES),
  pyramiding: flag('Adding to a position (pyramiding)'),
  fill: choice('Fill price', FILL_MODES),
  slippageBps: ranged({ label: 'Slippage', unit: ' bps', min: 0, exclusive: false, max: MAX_BPS }),
  feeBps: ranged({ label: 'Fee', unit: ' bps', min: 0, exclusive: false, max: MAX_BPS }),
  stopLossPct: ranged({ label: 'Stop loss', unit: '%', min: 0, exclusive: true, max: MAX_STOP_LOSS_PCT }).nullable(),
  takeProfitPct: ranged({
    label: 'Take profit',
    unit: '%',
    min: 0,
    exclusive: true,
    max: MAX_TAKE_PROFIT_PCT,
  }).nullable(),
  maxSignalAgeS: ranged({
    label: 'Max signal age',
    unit: ' s',
    min: 1,
    exclusive: false,
    max: MAX_SIGNAL_AGE_S,
    integer: true,
  }).nullable(),
  allowedTickers: allowedTickersSchema,
};

const NOT_AN_OBJECT = 'Settings must be a JSON object, such as {"feeBps": 10}';

/** Every setting, required: the stored form, and what the API answers. */
export const strategySettingsSchema = z.strictObject(settingShapes, {
  error: NOT_AN_OBJECT,
}) satisfies z.ZodType<StrategySettings>;

/** Any subset of the settings (PATCH, or the settings given when a strategy is created). */
export const settingsPatchSchema = strategySettingsSchema.partial();

export type SettingsPatch = z.output<typeof settingsPatchSchema>;

export type SettingsResult =
  | { ok: true; settings: StrategySettings }
  /** `unlisted`: how many more messages there were, past the fields `errors` lists (see FieldErrors). */
  | { ok: false; errors: Record<string, string[]>; unlisted?: number };

/** The field a root-level problem (the body is not an object) is reported under. */
export const SETTINGS_FIELD = 'settings';

/** An object without prototype, so that a field named `constructor` or `toString` is only a key. */
export const errorRecord = (): Record<string, string[]> => Object.create(null) as Record<string, string[]>;

const SETTING_NAMES = Object.keys(settingShapes);

function fieldErrors(error: z.ZodError): { errors: Record<string, string[]>; unlisted: number } {
  const found = new FieldErrors();
  for (const issue of error.issues) {
    const path = shownPath(issue.path);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const shown = shownField(key);
        if (path === '') found.add(shown, () => `${shown} is not a setting (settings are ${SETTING_NAMES.join(', ')})`);
        else found.add(`${path}.${shown}`, () => `${path} takes mode and value; ${shown} is not one of them`);
      }
    } else {
      found.add(path === '' ? SETTINGS_FIELD : path, issue.message);
    }
  }
  return { errors: found.errors, unlisted: found.unlisted };
}

/**
 * A settings object with more keys than there are settings holds keys that are not settings: refused before it
 * is validated, so that thousands of made-up keys are counted once, not each checked and named.
 */
function tooManyKeys(patch: unknown): Record<string, string[]> | undefined {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return undefined;
  const count = Object.keys(patch).length;
  if (count <= SETTING_NAMES.length) return undefined;
  const errors = errorRecord();
  errors[SETTINGS_FIELD] = [
    `Settings have at most ${SETTING_NAMES.length} keys, one per setting (${SETTING_NAMES.join(', ')}); these have ${count.toLocaleString('en-US')}`,
  ];
  return errors;
}

/**
 * Applies `patch` (any subset of the settings, from an untrusted body) over `current`. Keys the patch leaves out
 * keep their value; `null` unsets the nullable ones; `sizing` is replaced as a whole.
 */
export function applySettingsPatch(current: StrategySettings, patch: unknown): SettingsResult {
  const crowded = tooManyKeys(patch);
  if (crowded) return { ok: false, errors: crowded };
  const parsed = settingsPatchSchema.safeParse(patch);
  if (!parsed.success) return { ok: false, ...fieldErrors(parsed.error) };
  // A key given as undefined (possible from code, never from JSON) leaves the setting as it was.
  const defined: SettingsPatch = Object.fromEntries(
    Object.entries(parsed.data).filter(([, value]) => value !== undefined),
  );
  const settings = { ...current, ...defined };
  // Checked on the result, whichever of the two the patch changed.
  if (
    settings.sides !== 'long' &&
    settings.takeProfitPct !== null &&
    settings.takeProfitPct > MAX_SHORT_TAKE_PROFIT_PCT
  ) {
    const errors = errorRecord();
    errors.takeProfitPct = [
      `Take profit must be at most ${MAX_SHORT_TAKE_PROFIT_PCT}% while shorts are traded (a short's target of 100% or more would be at or below 0); set sides to long for a larger target`,
    ];
    return { ok: false, errors };
  }
  return { ok: true, settings };
}

/** A new strategy's settings: the defaults with `input` (any subset, or nothing) applied. */
export function parseSettings(input: unknown = {}): SettingsResult {
  return applySettingsPatch(cloneSettings(DEFAULT_SETTINGS), input);
}

function cloneSettings(settings: Readonly<StrategySettings>): StrategySettings {
  return {
    ...settings,
    sizing: { ...settings.sizing },
    allowedTickers: settings.allowedTickers && [...settings.allowedTickers],
  };
}
