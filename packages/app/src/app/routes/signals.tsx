import { Button, EmptyState, SignalsTable, type RawBodyStatus, type SignalRow } from 'dashboard-kit';
import { memo, useCallback, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { Signal, SignalWithRaw } from '@signaldeck/server/api-types';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { KNOWN_SYMBOLS } from '../../features/market/types';
import { fetchSignal } from '../../features/signals/api/get-signal';
import { useSignals } from '../../features/signals/api/get-signals';
import { useMarketPrices } from '../../features/signals/api/market-prices';
import { strategyNames, useStrategies } from '../../features/paper/api/strategies';
import { signalChartHref } from '../../features/signals/chart-link';
import { TickerFilter } from '../../features/signals/components/ticker-filter';
import { useSignalRows, type RawBody } from '../../features/signals/signal-rows';
import {
  setSignalsTableColumnVisibility,
  setSignalsTableSorting,
  useSignalsTablePreferences,
} from '../../features/signals/table-preferences';
import { useTimeZone } from '../../features/preferences/time-zone';
import { signalPriceWarning } from '../../features/signals/price-warning';
import { errorMessage } from '../../lib/http';
import { RECONNECTED_EVENT } from '../../lib/live-stream';
import { useReportLoadError, useStreamEvent } from '../../lib/live-stream-context';
import * as styles from './signals.css';

/**
 * The table renders again only when one of its props changes: not on every render of this page (SWR's, the live
 * stream's, the strategies'), which while pages load during a scroll would rebuild its header and body each time.
 */
const Table = memo(SignalsTable);

/** Puts `extra` among `signals` (newest first) unless it is already there. */
function withSignal(signals: readonly Signal[], extra: Signal | null): readonly Signal[] {
  if (!extra || signals.some((s) => s.id === extra.id)) return signals;
  const index = signals.findIndex((s) => s.receivedAt < extra.receivedAt);
  return index === -1 ? [...signals, extra] : [...signals.slice(0, index), extra, ...signals.slice(index)];
}

/**
 * The signal a link points at (`?selected=`), fetched on its own when it is not among the loaded
 * pages, so the link works however old the signal is.
 */
function useSelectedSignal(selectedId: string | null, loaded: readonly Signal[], ready: boolean): SignalWithRaw | null {
  const [fetched, setFetched] = useState<SignalWithRaw | null>(null);
  const present = selectedId !== null && loaded.some((s) => s.id === selectedId);
  useEffect(() => {
    if (selectedId === null || !ready || present) return;
    let cancelled = false;
    fetchSignal(selectedId)
      .then((signal) => {
        if (!cancelled) setFetched(signal);
      })
      .catch(() => {
        // An unknown or foreign id: nothing to point at; the list shows as usual.
      });
    return () => {
      cancelled = true;
    };
  }, [selectedId, ready, present]);
  return fetched?.id === selectedId ? fetched : null;
}

/** /signals: every webhook signal, newest first, live; `?ticker=` filters and stays in the URL. */
export function SignalsRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ticker = params.get('ticker')?.toUpperCase() || null;
  const selectedId = params.get('selected');
  const signals = useSignals({ ticker });
  const market = useMarketPrices();
  const timeZone = useTimeZone();
  const preferences = useSignalsTablePreferences();
  const [rawBodies, setRawBodies] = useState<Record<string, RawBody>>({});
  const strategies = useStrategies();
  const names = useMemo(() => strategyNames(strategies.data), [strategies.data]);

  useStreamEvent('signal', signals.applyEvent);
  useStreamEvent('outcome', signals.applyOutcome);
  useStreamEvent(RECONNECTED_EVENT, () => {
    void signals.mutate();
    market.refresh();
  });
  useReportLoadError(signals.error);

  const selected = useSelectedSignal(selectedId, signals.signals, !signals.isLoading && !signals.error);
  // Meanwhile the pages up to it load, so it ends up in its place in the list, not after a gap.
  const { loadMore, hasMore, loadingMore } = signals;
  const selectedLoaded = selectedId === null || signals.signals.some((s) => s.id === selectedId);
  useEffect(() => {
    if (selected && !selectedLoaded && hasMore && !loadingMore) loadMore();
  }, [selected, selectedLoaded, hasMore, loadingMore, loadMore]);
  const listed = useMemo(() => withSignal(signals.signals, selected), [signals.signals, selected]);
  // The linked signal came with its raw body: kept, so its open details still show it once its own page (which
  // leaves raw bodies out) takes its place in the list.
  const selectedRaw = selected?.raw;
  const selectedRawId = selected?.id;
  useEffect(() => {
    if (selectedRawId === undefined || selectedRaw == null) return;
    setRawBodies((bodies) =>
      bodies[selectedRawId]?.state === 'loaded'
        ? bodies
        : { ...bodies, [selectedRawId]: { state: 'loaded', raw: selectedRaw } },
    );
  }, [selectedRawId, selectedRaw]);
  const rows = useSignalRows(listed, names, rawBodies);

  // The list leaves raw bodies out: a row's is fetched when its details open, or on "Load raw body" / Retry.
  const loadRawBody = useCallback((signal: SignalRow) => {
    setRawBodies((bodies) => ({ ...bodies, [signal.id]: { state: 'loading' } }));
    fetchSignal(signal.id)
      .then((full) => setRawBodies((bodies) => ({ ...bodies, [signal.id]: { state: 'loaded', raw: full.raw ?? '' } })))
      .catch((error: unknown) =>
        setRawBodies((bodies) => ({ ...bodies, [signal.id]: { state: 'error', message: errorMessage(error) } })),
      );
  }, []);
  const onRowExpandedChange = useCallback(
    (signal: SignalRow, expanded: boolean) => {
      const state = rawBodies[signal.id]?.state;
      if (expanded && signal.raw === undefined && state !== 'loading' && state !== 'loaded') loadRawBody(signal);
    },
    [rawBodies, loadRawBody],
  );
  const rawBodyStatus = useCallback(
    (signal: SignalRow): RawBodyStatus | null => {
      const body = rawBodies[signal.id];
      return body && body.state !== 'loaded' ? body : null;
    },
    [rawBodies],
  );

  const { prices } = market;
  const priceWarning = useCallback((signal: SignalRow) => signalPriceWarning(signal, prices), [prices]);

  const { mutate } = signals;
  const retry = useCallback(() => void mutate(), [mutate]);
  const followChartLink = useCallback(
    (_signal: SignalRow, event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(event.currentTarget.getAttribute('href') ?? paths.home);
    },
    [navigate],
  );
  // Kept as one element while the ticker is the same, so the page's renders as signals load leave the filter be.
  const tickerFilter = useMemo(() => <TickerFilter tickers={KNOWN_SYMBOLS} current={ticker} />, [ticker]);
  const emptyState = useMemo(
    () => (
      <EmptyState
        title={ticker ? `No ${ticker} signals yet` : 'No signals yet'}
        description="Point a TradingView alert at your webhook URL and each alert appears here the moment it arrives."
        action={
          <Button asChild variant="outline">
            <Link to={paths.settings.apiKeys}>Get your webhook URL</Link>
          </Button>
        }
      />
    ),
    [ticker],
  );

  return (
    <div className={styles.page}>
      <PageHeader
        title={ticker ? `${ticker} Signals` : 'Webhook Signals'}
        description="Every alert your webhook URL received, including the ones that were rejected and why."
        actions={tickerFilter}
      />
      <Table
        className={styles.table}
        label={ticker ? `${ticker} signals` : 'All signals'}
        signals={rows}
        loading={signals.isLoading}
        error={signals.error ? errorMessage(signals.error) : null}
        onRetry={retry}
        hasMore={signals.hasMore}
        loadingMore={signals.loadingMore}
        onEndReached={signals.loadMore}
        selectedId={selectedId}
        expandSelected
        onRowExpandedChange={onRowExpandedChange}
        rawBodyStatus={rawBodyStatus}
        onLoadRawBody={loadRawBody}
        timeZone={timeZone}
        sorting={preferences.sorting}
        onSortingChange={setSignalsTableSorting}
        {...(preferences.columnVisibility ? { columnVisibility: preferences.columnVisibility } : {})}
        onColumnVisibilityChange={setSignalsTableColumnVisibility}
        getChartHref={signalChartHref}
        onChartLinkClick={followChartLink}
        priceWarning={priceWarning}
        emptyState={emptyState}
      />
    </div>
  );
}
