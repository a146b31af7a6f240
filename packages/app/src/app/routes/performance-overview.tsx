import type { Performance, Trade } from '@signaldeck/server/api-types';
import {
  Button,
  EmptyState,
  EquityChart,
  formatCountOf,
  formatMoney,
  MetricCard,
  MetricsGrid,
  PositionList,
  type MetricFormat,
  type MetricTone,
} from 'dashboard-kit';
import { useMemo } from 'react';
import { PageHeader } from '../../components/page-header';
import { formatPrice } from '../../features/market/format';
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

type Figure = number | string | null;
/** The account's figures that a card shows as they are. */
type FigureKey = { [K in keyof Performance]: Performance[K] extends Figure ? K : never }[keyof Performance];

/**
 * One card of the Overview: its label, its figure (a field of the account, or computed from it), how the
 * figure is written and coloured (neutral unless said), a line beneath it, and its formula.
 */
interface MetricDefinition {
  label: string;
  value: FigureKey | ((p: Performance) => Figure);
  format: MetricFormat;
  /** `auto` follows the figure's sign; a function decides from the account. */
  tone?: MetricTone | 'auto' | ((p: Performance) => MetricTone);
  subValue?: (p: Performance) => string;
  hint: string;
}

const METRICS: readonly MetricDefinition[] = [
  {
    label: 'Equity',
    value: 'equity',
    format: 'money',
    subValue: (p) => `of ${formatMoney(p.startingBalance)} starting balance`,
    hint: 'Starting balance + realised P&L + unrealised P&L.',
  },
  {
    label: 'Return',
    value: 'returnPct',
    format: 'signedPercent',
    tone: 'auto',
    hint: '(Equity − starting balance) ÷ starting balance.',
  },
  {
    label: 'Realised P&L',
    value: 'realisedPnl',
    format: 'signedMoney',
    tone: 'auto',
    hint: 'Closed trades, net of fees.',
  },
  {
    label: 'Unrealised P&L',
    value: 'unrealisedPnl',
    format: 'signedMoney',
    tone: 'auto',
    hint: 'Open positions at the last price, less their entry fees.',
  },
  {
    label: 'Trades',
    value: 'tradeCount',
    format: 'count',
    subValue: (p) =>
      [
        formatCountOf(p.wins, 'win', 'wins'),
        formatCountOf(p.losses, 'loss', 'losses'),
        formatCountOf(p.draws, 'draw', 'draws'),
      ].join(' / '),
    hint: 'Closed trades; break-even ones are draws.',
  },
  {
    label: 'Win rate',
    value: (p) => (p.winRate === null ? null : p.winRate * 100),
    format: 'percent',
    hint: 'Wins ÷ closed trades.',
  },
  {
    label: 'Profit factor',
    value: 'profitFactor',
    format: 'ratio',
    hint: 'Gross profit ÷ |gross loss|; ∞ with no losses.',
  },
  {
    label: 'Expectancy',
    value: 'expectancy',
    format: 'signedMoney',
    tone: 'auto',
    hint: 'Mean net P&L per closed trade.',
  },
  {
    label: 'Max drawdown',
    value: 'maxDrawdown',
    format: 'money',
    tone: (p) => (p.maxDrawdown > 0 ? 'negative' : 'neutral'),
    subValue: (p) => `${p.maxDrawdownPct.toFixed(2)}% from the peak`,
    hint: 'The largest fall of the equity curve from a peak to a later trough.',
  },
  {
    label: 'Sharpe',
    value: 'sharpe',
    format: 'ratio',
    hint: 'Mean ÷ standard deviation of daily equity returns, × √365.',
  },
  {
    label: 'Sortino',
    value: 'sortino',
    format: 'ratio',
    hint: 'Mean ÷ downside deviation of daily equity returns, × √365.',
  },
];

const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });

/** Equity and drawdown are dollars: two decimals, as every amount on the page (a price's format wrote 0.7174). */
const dollarsFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const formatDollars = (value: number) => dollarsFormat.format(value);

/** What "Close at market" did, for the list's status line: "Closed BTC/USD long 0.5 at 84,123.45, P&L +$12.30". */
function closedMessage(trade: Trade): string {
  const at = trade.exitPrice === null ? 'at market' : `at ${formatPrice(trade.exitPrice)}`;
  const pnl = trade.netPnl === null ? '' : `, P&L ${formatMoney(trade.netPnl, { signed: true })}`;
  return `Closed ${trade.symbol}/USD ${trade.side} ${quantityFormat.format(trade.quantity)} ${at}${pnl}`;
}

const figureOf = (metric: MetricDefinition, p: Performance): Figure =>
  typeof metric.value === 'function' ? metric.value(p) : p[metric.value];

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
      {/* A refresh that failed keeps the figures last loaded (the header says the server cannot be reached). */}
      {performance.error && !p ? (
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
          {METRICS.map((metric) => (
            <MetricCard
              key={metric.label}
              label={metric.label}
              value={p ? figureOf(metric, p) : null}
              format={metric.format}
              tone={typeof metric.tone === 'function' ? (p ? metric.tone(p) : 'neutral') : metric.tone}
              loading={loading}
              subValue={p && metric.subValue ? metric.subValue(p) : undefined}
              hint={metric.hint}
            />
          ))}
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
        formatValue={formatDollars}
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
          // All of several strategies' positions: each row says whose it is (two ETH longs looked the same).
          showStrategy={!strategy && (strategies.data?.data.length ?? 0) > 1}
          onClose={async (id) => {
            const trade = await closePosition(id);
            revalidate.accounts();
            return closedMessage(trade);
          }}
          timeZone={timeZone}
        />
      </section>
    </div>
  );
}
