import type { MaxStrategyNameLength, StrategySettings } from '@signaldeck/server/api-types';
import type { FieldErrors } from '../../lib/http';

export const PAIRS = ['BTC', 'ETH', 'SOL'] as const;

/**
 * The longest strategy name the name fields take: the server's limit. Typed with it, so a change of the server's
 * limit fails the app's type check until this follows.
 */
export const STRATEGY_NAME_MAX_LENGTH: MaxStrategyNameLength = 64;
type Pair = (typeof PAIRS)[number];

/** The settings form's fields as typed: numbers stay text until sent, so the server's message can name a bad one. */
export interface SettingsDraft {
  name: string;
  paperTrading: boolean;
  startingBalance: string;
  sizingMode: StrategySettings['sizing']['mode'];
  sizingValue: string;
  sides: StrategySettings['sides'];
  onOpposite: StrategySettings['onOpposite'];
  pyramiding: boolean;
  fill: StrategySettings['fill'];
  slippageBps: string;
  feeBps: string;
  stopLossPct: string;
  takeProfitPct: string;
  maxSignalAgeS: string;
  /** Empty: every listed pair. */
  allowedTickers: Pair[];
}

const text = (value: number | null) => (value === null ? '' : String(value));

export function draftFrom(name: string, settings: StrategySettings): SettingsDraft {
  return {
    name,
    paperTrading: settings.paperTrading,
    startingBalance: text(settings.startingBalance),
    sizingMode: settings.sizing.mode,
    sizingValue: text(settings.sizing.value),
    sides: settings.sides,
    onOpposite: settings.onOpposite,
    pyramiding: settings.pyramiding,
    fill: settings.fill,
    slippageBps: text(settings.slippageBps),
    feeBps: text(settings.feeBps),
    stopLossPct: text(settings.stopLossPct),
    takeProfitPct: text(settings.takeProfitPct),
    maxSignalAgeS: text(settings.maxSignalAgeS),
    allowedTickers: (settings.allowedTickers ?? []).filter((t): t is Pair => (PAIRS as readonly string[]).includes(t)),
  };
}

const NUMBER = /^\s*-?(\d+(\.\d*)?|\.\d+)(e-?\d+)?\s*$/i;

/** A number field's value as sent: a number when it reads as one, else the text (the server says what is wrong). */
function numberOrText(value: string): number | string {
  return NUMBER.test(value) ? Number(value) : value;
}

/** An optional number: blank unsets it (`null`). */
function optionalNumber(value: string): number | string | null {
  return value.trim() === '' ? null : numberOrText(value);
}

/** The PATCH body of a draft: every setting, so what the form shows is what is saved. */
export function settingsBody(draft: SettingsDraft): { name: string; settings: Record<string, unknown> } {
  return {
    name: draft.name,
    settings: {
      paperTrading: draft.paperTrading,
      startingBalance: numberOrText(draft.startingBalance),
      sizing: { mode: draft.sizingMode, value: numberOrText(draft.sizingValue) },
      sides: draft.sides,
      onOpposite: draft.onOpposite,
      pyramiding: draft.pyramiding,
      fill: draft.fill,
      slippageBps: numberOrText(draft.slippageBps),
      feeBps: numberOrText(draft.feeBps),
      stopLossPct: optionalNumber(draft.stopLossPct),
      takeProfitPct: optionalNumber(draft.takeProfitPct),
      maxSignalAgeS: optionalNumber(draft.maxSignalAgeS),
      allowedTickers: draft.allowedTickers.length === 0 ? null : draft.allowedTickers,
    },
  };
}

/** The form field a 422's error key belongs to (`settings.sizing.value` -> `sizingValue`). */
const FIELD_OF_KEY: Record<string, keyof SettingsDraft> = {
  name: 'name',
  'settings.paperTrading': 'paperTrading',
  'settings.startingBalance': 'startingBalance',
  'settings.sizing': 'sizingValue',
  'settings.sizing.mode': 'sizingMode',
  'settings.sizing.value': 'sizingValue',
  'settings.sides': 'sides',
  'settings.onOpposite': 'onOpposite',
  'settings.pyramiding': 'pyramiding',
  'settings.fill': 'fill',
  'settings.slippageBps': 'slippageBps',
  'settings.feeBps': 'feeBps',
  'settings.stopLossPct': 'stopLossPct',
  'settings.takeProfitPct': 'takeProfitPct',
  'settings.maxSignalAgeS': 'maxSignalAgeS',
  'settings.allowedTickers': 'allowedTickers',
};

export type DraftErrors = Partial<Record<keyof SettingsDraft | 'form', string>>;

/** A 422's messages by form field; one the form has no field for goes to `form`, so none is lost. */
export function draftErrors(errors: FieldErrors | undefined): DraftErrors {
  const out: DraftErrors = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const field = FIELD_OF_KEY[key] ?? (key.startsWith('settings.allowedTickers') ? 'allowedTickers' : 'form');
    const message = messages.join(' ');
    out[field] = out[field] ? `${out[field]} ${message}` : message;
  }
  return out;
}

/** The webhook URL with its secret token hidden: `https://host/api/webhooks/••••••••`. */
export function maskWebhookUrl(url: string): string {
  const slash = url.lastIndexOf('/');
  return slash === -1 ? '••••••••' : `${url.slice(0, slash + 1)}••••••••`;
}
