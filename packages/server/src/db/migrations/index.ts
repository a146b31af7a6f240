import type { Migration } from './helpers';
import * as auth from './0001_auth';
import * as market from './0002_market';
import * as signals from './0003_signals';
import * as webhookRefusals from './0004_webhook_refusals';
import * as paperTrading from './0005_paper_trading';
import * as paperAccountEvents from './0006_paper_account_events';
import * as strategyRefusals from './0007_strategy_refusals';
import * as signalJourney from './0008_signal_journey';
import * as outcomeEffects from './0009_outcome_effects';
import * as sessionDetails from './0010_session_details';
import * as notifications from './0011_notifications';
import * as signalBodyClaims from './0012_signal_body_claims';
import * as accountReplayedAt from './0013_account_replayed_at';
import * as distinctStrategyNames from './0014_distinct_strategy_names';
import * as acceptedSignalIndexes from './0015_accepted_signal_indexes';

/** Every migration, in the order they run. Add one line per new migration file; never rename or reorder. */
export const migrations: Record<string, Migration> = {
  '0001_auth': auth,
  '0002_market': market,
  '0003_signals': signals,
  '0004_webhook_refusals': webhookRefusals,
  '0005_paper_trading': paperTrading,
  '0006_paper_account_events': paperAccountEvents,
  '0007_strategy_refusals': strategyRefusals,
  '0008_signal_journey': signalJourney,
  '0009_outcome_effects': outcomeEffects,
  '0010_session_details': sessionDetails,
  '0011_notifications': notifications,
  '0012_signal_body_claims': signalBodyClaims,
  '0013_account_replayed_at': accountReplayedAt,
  '0014_distinct_strategy_names': distinctStrategyNames,
  '0015_accepted_signal_indexes': acceptedSignalIndexes,
};
