/** Paper trading's pure core: settings, the engine, metrics, breakdowns and replay. See docs/paper-trading.md. */
export {
  DEFAULT_SETTINGS,
  FILL_MODES,
  OPPOSITE_SIGNAL_POLICIES,
  SETTINGS_FIELD,
  SIDES,
  SIGNAL_FALLBACK_NOTIONAL_USD,
  SIZING_MODES,
  applySettingsPatch,
  parseSettings,
  settingsPatchSchema,
  strategySettingsSchema,
  type AllowedSides,
  type FillMode,
  type OppositeSignalPolicy,
  type SettingsPatch,
  type SettingsResult,
  type Sizing,
  type SizingMode,
  type StrategySettings,
} from './settings';
export { PAPER_ACTIONS, type MarketPosition, type Outcome, type PaperAction, type PaperSignal } from './signal';
export {
  equity,
  equityPoint,
  markPrice,
  openAccount,
  positionPnl,
  unrealisedPnl,
  type AccountState,
  type ClosedTrade,
  type EquityPoint,
  type ExitLevel,
  type ExitReason,
  type Fill,
  type Mark,
  type OrderSide,
  type Position,
  type PositionSide,
} from './account';
export {
  MAX_QUOTE_AGE_MS,
  applyCandle,
  closePositionAtMarket,
  executeSignal,
  resetAccount,
  type CandleStep,
  type PaperEvent,
  type Quote,
  type SignalOutcome,
  type SignalStep,
} from './engine';
export type { PriceCandle } from './exits';
export {
  equityCurve,
  performanceMetrics,
  tradeStats,
  type CurvePoint,
  type MetricsInput,
  type PerformanceMetrics,
  type Ratio,
  type TradeStats,
} from './metrics';
export { BREAKDOWNS, breakdown, type BreakdownBy, type BreakdownRow } from './breakdowns';
export { replay, type ReplayInput, type ReplayResult } from './replay';
export { MONEY_DECIMALS, PRICE_DECIMALS, QUANTITY_DECIMALS } from './money';
