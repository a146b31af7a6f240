/**
 * The API's wire types, for clients (the app imports them as `@signaldeck/server/api-types`, types only): each is
 * derived from the zod schema its route declares, so a change to what the server takes or answers is a type
 * error in every client that reads it. This file and what it imports hold zod schemas and plain constants only:
 * no Node, Fastify or database code, so a browser build can check against it.
 */
import type { MAX_STRATEGY_NAME_LENGTH } from '../modules/paper/schemas';

export type { LoginRequest, RegisterRequest, SignedIn, User } from '../modules/auth/schemas';
export type {
  DeleteAccountRequest,
  ExportFormat,
  PasswordChanged,
  PasswordChangeRequest,
  ProfileRequest,
  Session,
  SessionList,
  SessionsSignedOut,
} from '../modules/account/schemas';
export type { Health } from '../modules/health/schemas';
export type { Candle, Interval, MarketSymbol } from '../modules/market/markets';
export type { Candles, Market, MarketList } from '../modules/market/schemas';
export type {
  AlertRepeated,
  AlertStored,
  RotatedWebhook,
  Signal,
  SignalPage,
  SignalsQuery,
  SignalStatus,
  SignalWithRaw,
  TestAlertResult,
  Webhook,
  WebhookSettings,
  WebhookSettingsRequest,
} from '../modules/signals/schemas';
export type { ReasonCode } from '../modules/signals/alert';
export type { ReachabilityProblemCode, WebhookReachability, WebhookRefusals } from '../modules/signals/webhook-status';
export type { WebhookHealth } from '../modules/signals/health-schemas';
export type {
  Breakdown,
  BreakdownQuery,
  CreateStrategyRequest,
  EquityCurve,
  ExitReason,
  OutOfSync,
  Outcome,
  Performance,
  PerformanceQuery,
  Position,
  PositionList,
  ReplayRequest,
  ReplayResult,
  Strategy,
  StrategyList,
  StrategySettingsJson as StrategySettings,
  Trade,
  TradePage,
  TradesQuery,
  UpdateStrategyRequest,
} from '../modules/paper/schemas';
/**
 * The longest strategy name the server takes, as a literal type (`64`): a client's field limit typed with it (the
 * app's is) stops compiling when the server's limit changes, with no server code in the browser.
 */
export type MaxStrategyNameLength = typeof MAX_STRATEGY_NAME_LENGTH;
export type { CandleUpdate, OutcomeUpdate, PositionUpdate, StreamEventData } from '../modules/stream/schemas';
export type {
  ChannelKind,
  CreatedNotificationChannel,
  CreateNotificationChannelRequest,
  InAppNotification,
  InAppNotificationPage,
  MarkNotificationsReadRequest,
  NotificationChannel,
  NotificationChannelList,
  NotificationDelivery,
  NotificationDeliveryPage,
  NotificationEvent,
  NotificationPreferences,
  NotificationUpdate,
  UpdateNotificationChannelRequest,
} from '../modules/notifications/schemas';
export type { ErrorBody } from '../openapi/schemas';
