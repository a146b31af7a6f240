import { Button, EmptyState, EquityChart, MetricCard, MetricsGrid, PositionList } from 'dashboard-kit';
import { useMemo } from 'react';
import { PageHeader } from '../../components/page-header';
import { useEquityCurve, usePerformance } from '../../features/paper/api/performance';
import { closePosition, usePositions } from '../../features/paper/api/positions';
import { useRevalidatePaper } from '../../features/paper/api/revalidate';
import { strategyNames, useStrategies } from '../../features/paper/api/strategies';
import { NoTrades } from '../../features/paper/components/no-trades';
import { StrategyPicker } from '../../features/paper/components/strategy-picker';
import { useStrategyParam } from '../../features/paper/strategy-param';
import { toPositionRows } from '../../features/paper/trade-rows';
import { useTimeZone } from '../../features/preferences/time-zone';
import { errorMessage } from '../../lib/http';
import { useReportLoadError } from '../../lib/live-stream-context';
import * as styles from './performance.css';

/** Performance > Overview: the account's figures, its equity curve with drawdown, and the open positions. */
export function PerformanceOverviewRoute() {
  const [strategy, setStrategy] = useStrategyParam();
  const strategies = useStrategies();
  const names = useMemo(() => strategyNames(strategies.data), [strategies.data]);
  const performance = usePerformance(strategy);
  const equity = useEquityCurve(strategy);
  const positions = usePositions(strategy);
  const revalidate = useRevalidatePaper();
  const timeZone = useTimeZone();
  useReportLoadError(performance.error ?? equity.error ?? positions.error);

  const p = performance.data;
  const loading = performance.isLoading;
  const positionRows = useMemo(() => toPositionRows(positions.data?.data ?? [], names), [positions.data, names]);
  const empty = p !== undefined && p.tradeCount === 0 && positions.data?.data.length === 0;

  return (
    <div className={styles.page}>
      <PageHeader
        title="Overview"
        description="What your alerts would have done: each strategy's paper account, marked to the market."
        actions={<StrategyPicker strategies={strategies.data?.data ?? []} value={strategy} onChange={setStrategy} />}
      />
      {performance.error ? (
        <EmptyState
          title="The figures could not be loaded"
          description={errorMessage(performance.error)}
          action={
            <Button type="button" variant="outline" onClick={revalidate.accounts}>
              Retry
            </Button>
          }
        />
      ) : (
        <MetricsGrid label="Performance">
          <MetricCard
            label="Equity"
            value={p?.equity ?? null}
            format="money"
            tone="neutral"
            loading={loading}
            subValue={p ? `of ${p.startingBalance.toLocaleString('en-US')} USD starting balance` : undefined}
            hint="Starting balance + realised P&L + unrealised P&L."
          />
          <MetricCard
            label="Return"
            value={p?.returnPct ?? null}
            format="signedPercent"
            tone="auto"
            loading={loading}
            hint="(Equity − starting balance) ÷ starting balance."
          />
          <MetricCard
            label="Realised P&L"
            value={p?.realisedPnl ?? null}
            format="signedMoney"
            tone="auto"
            loading={loading}
            hint="Closed trades, net of fees."
          />
          <MetricCard
            label="Unrealised P&L"
            value={p?.unrealisedPnl ?? null}
            format="signedMoney"
            tone="auto"
            loading={loading}
            hint="Open positions at the last price, less their entry fees."
          />
          <MetricCard
            label="Trades"
            value={p?.tradeCount ?? null}
            format="count"
            loading={loading}
            subValue={p ? `${p.wins} wins / ${p.losses} losses / ${p.draws} draws` : undefined}
            hint="Closed trades; break-even ones are draws."
          />
          <MetricCard
            label="Win rate"
            value={p?.winRate === null || p?.winRate === undefined ? null : p.winRate * 100}
            format="percent"
            tone="neutral"
            loading={loading}
            hint="Wins ÷ closed trades."
          />
          <MetricCard
            label="Profit factor"
            value={p?.profitFactor ?? null}
            format="ratio"
            loading={loading}
            hint="Gross profit ÷ |gross loss|; ∞ with no losses."
          />
          <MetricCard
            label="Expectancy"
            value={p?.expectancy ?? null}
            format="signedMoney"
            tone="auto"
            loading={loading}
            hint="Mean net P&L per closed trade."
          />
          <MetricCard
            label="Max drawdown"
            value={p?.maxDrawdown ?? null}
            format="money"
            tone={p && p.maxDrawdown > 0 ? 'negative' : 'neutral'}
            loading={loading}
            subValue={p ? `${p.maxDrawdownPct.toFixed(2)}% from the peak` : undefined}
            hint="The largest fall of the equity curve from a peak to a later trough."
          />
          <MetricCard
            label="Sharpe"
            value={p?.sharpe ?? null}
            format="ratio"
            loading={loading}
            hint="Mean ÷ standard deviation of daily equity returns, × √365."
          />
          <MetricCard
            label="Sortino"
            value={p?.sortino ?? null}
            format="ratio"
            loading={loading}
            hint="Mean ÷ downside deviation of daily equity returns, × √365."
          />
        </MetricsGrid>
      )}
      {empty && <NoTrades />}
      <EquityChart
        title="Equity and drawdown"
        points={equity.data?.data ?? []}
        startingBalance={p?.startingBalance ?? null}
        loading={equity.isLoading}
        error={equity.error ? errorMessage(equity.error) : null}
        onRetry={() => void equity.mutate()}
        emptyTitle="No equity curve yet"
        emptyDescription="The curve starts with the first fill."
        timeZone={timeZone}
        height={360}
      />
      <section className={styles.section} aria-labelledby="open-positions">
        <h2 id="open-positions" className={styles.sectionTitle}>
          Open positions
        </h2>
        <PositionList
          label="Open positions"
          positions={positionRows}
          loading={positions.isLoading}
          error={positions.error ? errorMessage(positions.error) : null}
          onRetry={() => void positions.mutate()}
          onClose={async (id) => {
            await closePosition(id);
            revalidate.accounts();
          }}
          timeZone={timeZone}
        />
      </section>
    </div>
  );
}
