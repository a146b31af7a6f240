import { Button, EmptyState, TradesTable } from 'dashboard-kit';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { KNOWN_SYMBOLS } from '../../features/market/types';
import { usePositions } from '../../features/paper/api/positions';
import { strategyNames, useStrategies } from '../../features/paper/api/strategies';
import { useTrades, type TradeResultFilter, type TradeSideFilter } from '../../features/paper/api/trades';
import { FilterSelect } from '../../features/paper/components/filter-select';
import { NoTrades } from '../../features/paper/components/no-trades';
import { StrategyPicker } from '../../features/paper/components/strategy-picker';
import { useStrategyParam } from '../../features/paper/strategy-param';
import { toTradeRows, tradeLinks } from '../../features/paper/trade-rows';
import { readTradesColumnChoices, saveTradesColumnChoices } from '../../features/paper/trades-table-preferences';
import { useTimeZone } from '../../features/preferences/time-zone';
import { errorMessage } from '../../lib/http';
import { RECONNECTED_EVENT } from '../../lib/live-stream';
import { useReportLoadError, useStreamEvent } from '../../lib/live-stream-context';
import * as styles from './performance.css';

const SIDES = [
  ['long', 'Long'],
  ['short', 'Short'],
] as const satisfies readonly (readonly [TradeSideFilter, string])[];
const RESULTS = [
  ['win', 'Wins'],
  ['loss', 'Losses'],
  ['draw', 'Draws (break-even)'],
  ['open', 'Open'],
] as const satisfies readonly (readonly [TradeResultFilter, string])[];
const PAIRS = KNOWN_SYMBOLS.map((symbol) => [symbol, `${symbol}/USD`] as const);

function pick<Value extends string>(raw: string | null, options: readonly (readonly [Value, string])[]): Value | null {
  return options.find(([value]) => value === raw)?.[0] ?? null;
}

/** Performance > Trades: every paper trade, filtered by strategy, pair, side and result (all in the URL). */
export function PerformanceTradesRoute() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [strategy, setStrategy] = useStrategyParam();
  const symbol = pick(params.get('pair'), PAIRS);
  const side = pick(params.get('side'), SIDES);
  const result = pick(params.get('result'), RESULTS);
  const strategies = useStrategies();
  const names = useMemo(() => strategyNames(strategies.data), [strategies.data]);
  const trades = useTrades({ strategy, symbol, side, result });
  const positions = usePositions(strategy);
  const timeZone = useTimeZone();
  // The columns the trader showed or hid last time; the others follow the strategies listed and the screen.
  const [columnChoices] = useState(readTradesColumnChoices);
  useStreamEvent('trade', () => void trades.mutate());
  useStreamEvent('position', () => void trades.mutate());
  useStreamEvent(RECONNECTED_EVENT, () => void trades.mutate());
  useReportLoadError(trades.error);

  const rows = useMemo(
    () => toTradeRows(trades.trades, positions.data?.data ?? [], names),
    [trades.trades, positions.data, names],
  );

  const setFilter = (key: string) => (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const filtered = Boolean(strategy || symbol || side || result);
  // Each trade's strategy is worth its column once the list holds trades of more than one.
  const severalStrategies = !strategy && new Set(rows.map((row) => row.strategyId)).size > 1;

  return (
    <div className={styles.page}>
      <PageHeader
        title="Trades"
        description="Every paper trade, newest first, with the signals that opened and closed it."
      />
      <div className={styles.filters} role="group" aria-label="Filter trades">
        <StrategyPicker strategies={strategies.data?.data ?? []} value={strategy} onChange={setStrategy} />
        <FilterSelect label="Pair" allLabel="All pairs" value={symbol} options={PAIRS} onChange={setFilter('pair')} />
        <FilterSelect label="Side" allLabel="Both sides" value={side} options={SIDES} onChange={setFilter('side')} />
        <FilterSelect
          label="Result"
          allLabel="Any result"
          value={result}
          options={RESULTS}
          onChange={setFilter('result')}
        />
      </div>
      <TradesTable
        className={styles.tradesTable}
        label="Trades"
        trades={rows}
        loading={trades.isLoading}
        loadingMore={trades.loadingMore}
        error={trades.error ? errorMessage(trades.error) : null}
        onRetry={() => void trades.mutate()}
        timeZone={timeZone}
        getTradeLinks={tradeLinks}
        onTradeLinkClick={(_trade, link, event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          navigate(link.href);
        }}
        csvFileName="signaldeck-trades.csv"
        showStrategy={severalStrategies}
        defaultColumnChoices={columnChoices}
        onColumnChoicesChange={saveTradesColumnChoices}
        emptyState={
          filtered ? (
            <EmptyState
              title="No trades match these filters"
              description="No trade of this strategy, pair, side or result. Clear the filters to see every trade."
              action={
                <Button variant="outline" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <NoTrades />
          )
        }
      />
    </div>
  );
}
