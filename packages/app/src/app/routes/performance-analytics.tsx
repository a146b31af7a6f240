import type { Signal, SignalPage } from '@signaldeck/server/api-types';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  PeriodBreakdownTable,
  ReturnsHistogram,
  Skeleton,
  type BreakdownRow,
} from 'dashboard-kit';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { PageHeader } from '../../components/page-header';
import { useBreakdown, type BreakdownBy } from '../../features/paper/api/performance';
import { strategyNames, useStrategies } from '../../features/paper/api/strategies';
import { useTrades } from '../../features/paper/api/trades';
import { FilterSelect } from '../../features/paper/components/filter-select';
import { NoTrades } from '../../features/paper/components/no-trades';
import { StrategyPicker } from '../../features/paper/components/strategy-picker';
import { latencySummary } from '../../features/paper/latency';
import { useStrategyParam } from '../../features/paper/strategy-param';
import { errorMessage } from '../../lib/http';
import { RECONNECTED_EVENT } from '../../lib/live-stream';
import { useReportLoadError, useStreamEvent } from '../../lib/live-stream-context';
import * as styles from './performance.css';

const GROUPS = [
  ['pair', 'Pair'],
  ['strategy', 'Strategy'],
  ['exit_reason', 'Exit reason'],
  ['day', 'Day'],
  ['week', 'Week'],
  ['month', 'Month'],
] as const satisfies readonly (readonly [BreakdownBy, string])[];

const KIT_BY = { exit_reason: 'exitReason' } as const;

/** The most recent signals read for the latency figures (the API's largest page). */
const LATENCY_SAMPLE = 200;

const ms = (value: number) => (value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`);

function Latency({ strategy }: { strategy: string | null }) {
  const signals = useSWR<SignalPage>(`/api/signals?status=accepted&limit=${LATENCY_SAMPLE}`, {
    revalidateOnFocus: false,
  });
  useStreamEvent('outcome', () => void signals.mutate());
  const own: Signal[] = useMemo(
    () => (signals.data?.data ?? []).filter((s) => strategy === null || s.strategyId === strategy),
    [signals.data, strategy],
  );
  const summary = latencySummary(own);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Signal latency</h2>
        </CardTitle>
        <CardDescription>
          From the alert firing to SignalDeck receiving it, and from receipt to the paper fill
          {summary.count > 0
            ? `, over the last ${summary.count} executed signals (of the latest ${LATENCY_SAMPLE} accepted).`
            : '. No signal has been executed yet.'}{' '}
          A fill at the market or the alert’s price is made the moment the signal is received (0 ms); one at the open of
          the next 1m candle waits for that open.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {signals.isLoading ? (
          <Skeleton aria-label="Loading latency" style={{ height: '5rem' }} />
        ) : signals.error && !signals.data ? (
          <p role="alert" className={styles.muted}>
            {errorMessage(signals.error)}
          </p>
        ) : summary.count === 0 ? (
          <p className={styles.muted}>No executed signals yet.</p>
        ) : (
          <table className={styles.latency}>
            <caption className={styles.muted}>Latency of executed signals</caption>
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Median</th>
                <th scope="col">95th percentile</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Alert time → receipt</th>
                <td>{summary.alertToReceipt ? ms(summary.alertToReceipt.median) : '—'}</td>
                <td>{summary.alertToReceipt ? ms(summary.alertToReceipt.p95) : '—'}</td>
              </tr>
              <tr>
                <th scope="row">Receipt → fill</th>
                <td>{summary.receiptToFill ? ms(summary.receiptToFill.median) : '—'}</td>
                <td>{summary.receiptToFill ? ms(summary.receiptToFill.p95) : '—'}</td>
              </tr>
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

/** Performance > Analytics: breakdowns by pair, strategy, exit reason and period; returns; latency. */
export function PerformanceAnalyticsRoute() {
  const [params, setParams] = useSearchParams();
  const [strategy, setStrategy] = useStrategyParam();
  const by: BreakdownBy = GROUPS.find(([value]) => value === params.get('by'))?.[0] ?? 'pair';
  const strategies = useStrategies();
  const names = useMemo(() => strategyNames(strategies.data), [strategies.data]);
  const breakdown = useBreakdown(strategy, by);
  const closed = useTrades({ strategy, result: null });
  useStreamEvent('trade', () => void closed.mutate());
  // A first fill opens a trade: the page stops saying there is none (the returns count closed ones only).
  useStreamEvent('position', () => void closed.mutate());
  useStreamEvent(RECONNECTED_EVENT, () => void closed.mutate());
  useReportLoadError(breakdown.error ?? closed.error);

  const rows: BreakdownRow[] = useMemo(
    () =>
      (breakdown.data?.data ?? []).map((row) => ({
        ...row,
        ...(by === 'strategy' ? { label: names.get(row.key) ?? row.key } : {}),
      })),
    [breakdown.data, by, names],
  );
  // No trade at all, open or closed: say how trades come, as Overview and Trades do, above the empty cards.
  const noTrades = !closed.isLoading && !closed.error && closed.trades.length === 0;
  const returns = useMemo(
    () => closed.trades.flatMap((t) => (t.status === 'closed' && t.returnPct !== null ? [t.returnPct] : [])),
    [closed.trades],
  );

  return (
    <div className={styles.page}>
      <PageHeader
        title="Analytics"
        description="Where the results come from: by pair, strategy, exit reason and period; how returns spread; how fast signals fill."
      />
      <div className={styles.filters} role="group" aria-label="Analytics options">
        <StrategyPicker strategies={strategies.data?.data ?? []} value={strategy} onChange={setStrategy} />
        <FilterSelect
          label="Group by"
          allLabel="Pair"
          value={by === 'pair' ? null : by}
          options={GROUPS.slice(1)}
          onChange={(value) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (value) next.set('by', value);
                else next.delete('by');
                return next;
              },
              { replace: true },
            )
          }
        />
      </div>
      {noTrades && <NoTrades />}
      <PeriodBreakdownTable
        by={by === 'exit_reason' ? KIT_BY.exit_reason : by}
        rows={rows}
        loading={breakdown.isLoading}
        error={breakdown.error ? errorMessage(breakdown.error) : null}
        onRetry={() => void breakdown.mutate()}
      />
      <ReturnsHistogram
        title="Distribution of trade returns"
        returns={returns}
        loading={closed.isLoading}
        error={closed.error ? errorMessage(closed.error) : null}
        onRetry={() => void closed.mutate()}
        emptyTitle="No closed trades yet"
        emptyDescription="Each closed trade's return (net P&L as a % of its entry cost) lands in a bar here."
        height={280}
      />
      <Latency strategy={strategy} />
    </div>
  );
}
