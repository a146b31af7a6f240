import type { Insertable } from 'kysely';
import type { SignalOutcomesTable } from '../../db/schema';
import type { OutOfSync, Outcome } from './signal';

/*
 * A signal's outcome as the signal_outcomes row stores it, and back. Read beside the signal (a left join whose
 * columns are prefixed `outcome_`), so that a signal without one reads as null.
 */

export const OUTCOME_COLUMNS = [
  'o.status as outcome_status',
  'o.side as outcome_side',
  'o.quantity as outcome_quantity',
  'o.price as outcome_price',
  'o.fee as outcome_fee',
  'o.slippage as outcome_slippage',
  'o.filled_at as outcome_filled_at',
  'o.latency_ms as outcome_latency_ms',
  'o.reason as outcome_reason',
  'o.out_of_sync as outcome_out_of_sync',
  'o.decided_at as outcome_decided_at',
  'o.effect as outcome_effect',
  'o.closed_quantity as outcome_closed_quantity',
  'o.opened_quantity as outcome_opened_quantity',
] as const;

export interface OutcomeColumns {
  outcome_status: SignalOutcomesTable['status'] | null;
  outcome_side: SignalOutcomesTable['side'];
  outcome_quantity: number | null;
  outcome_price: number | null;
  outcome_fee: number | null;
  outcome_slippage: number | null;
  outcome_filled_at: number | null;
  outcome_latency_ms: number | null;
  outcome_reason: string | null;
  outcome_out_of_sync: string | null;
  outcome_decided_at: number | null;
  outcome_effect: SignalOutcomesTable['effect'];
  outcome_closed_quantity: number | null;
  outcome_opened_quantity: number | null;
}

/** The stored out-of-sync note, when there is one, as the outcome's optional field. */
const syncOf = (row: OutcomeColumns): { outOfSync?: OutOfSync } =>
  row.outcome_out_of_sync === null ? {} : { outOfSync: JSON.parse(row.outcome_out_of_sync) as OutOfSync };

export function outcomeFromColumns(row: OutcomeColumns): Outcome | null {
  switch (row.outcome_status) {
    case null:
      return null;
    case 'executed':
      return {
        status: 'executed',
        side: row.outcome_side!,
        quantity: row.outcome_quantity!,
        effect: row.outcome_effect ?? null,
        closedQuantity: row.outcome_closed_quantity ?? null,
        openedQuantity: row.outcome_opened_quantity ?? null,
        price: row.outcome_price!,
        fee: row.outcome_fee!,
        slippage: row.outcome_slippage!,
        filledAt: Number(row.outcome_filled_at),
        latencyMs: Number(row.outcome_latency_ms),
        ...syncOf(row),
        ...(row.outcome_reason ? { note: row.outcome_reason } : {}),
      };
    case 'ignored':
      return { status: 'ignored', reason: row.outcome_reason ?? '', ...syncOf(row) };
    case 'pending':
      return { status: 'pending', reason: row.outcome_reason ?? '' };
  }
}

export function outcomeRow(
  signalId: number,
  strategyId: number,
  outcome: Outcome,
  decidedAt: number,
): Insertable<SignalOutcomesTable> {
  const executed = outcome.status === 'executed' ? outcome : null;
  return {
    signal_id: signalId,
    strategy_id: strategyId,
    status: outcome.status,
    side: executed?.side ?? null,
    quantity: executed?.quantity ?? null,
    effect: executed?.effect ?? null,
    closed_quantity: executed?.closedQuantity ?? null,
    opened_quantity: executed?.openedQuantity ?? null,
    price: executed?.price ?? null,
    fee: executed?.fee ?? null,
    slippage: executed?.slippage ?? null,
    filled_at: executed?.filledAt ?? null,
    latency_ms: executed?.latencyMs ?? null,
    // An executed outcome's note (what a reversal could not open) is kept in the same column.
    reason: outcome.status === 'executed' ? (outcome.note ?? null) : outcome.reason,
    decided_at: decidedAt,
    out_of_sync: outcome.status !== 'pending' && outcome.outOfSync ? JSON.stringify(outcome.outOfSync) : null,
  };
}
