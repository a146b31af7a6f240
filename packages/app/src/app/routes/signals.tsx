import { Badge, Button, EmptyState, SignalsTable, type SignalRow } from 'dashboard-kit';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { KNOWN_SYMBOLS } from '../../features/market/types';
import { fetchSignal } from '../../features/signals/api/get-signal';
import { useSignals } from '../../features/signals/api/get-signals';
import { TickerFilter } from '../../features/signals/components/ticker-filter';
import { errorMessage } from '../../lib/http';
import { RECONNECTED_EVENT } from '../../lib/live-stream';
import { useStreamEvent, useStreamStatus } from '../../lib/live-stream-context';
import * as styles from './signals.css';

function StreamBadge() {
  const status = useStreamStatus();
  if (status === 'live') return <Badge variant="success">Live</Badge>;
  return <Badge variant="warning">{status === 'connecting' ? 'Reconnecting…' : 'Offline'}</Badge>;
}

/** /signals: every webhook signal, newest first, live; `?ticker=` filters and stays in the URL. */
export function SignalsRoute() {
  const [params] = useSearchParams();
  const ticker = params.get('ticker')?.toUpperCase() || null;
  const selectedId = params.get('selected');
  const signals = useSignals({ ticker });
  const [raw, setRaw] = useState<Record<string, string>>({});

  useStreamEvent('signal', signals.applyEvent);
  useStreamEvent(RECONNECTED_EVENT, () => void signals.mutate());

  const rows = useMemo(
    () =>
      Object.keys(raw).length === 0
        ? signals.signals
        : signals.signals.map((s) => (raw[s.id] ? { ...s, raw: raw[s.id] } : s)),
    [signals.signals, raw],
  );

  const loadRaw = useCallback((signal: SignalRow, expanded: boolean) => {
    if (!expanded || signal.raw !== undefined) return;
    fetchSignal(signal.id)
      .then((full) => setRaw((r) => ({ ...r, [signal.id]: full.raw ?? '' })))
      .catch((error: unknown) =>
        setRaw((r) => ({ ...r, [signal.id]: `Could not load the raw body: ${errorMessage(error)}` })),
      );
  }, []);

  return (
    <>
      <PageHeader
        title={ticker ? `${ticker} Signals` : 'Webhook Signals'}
        description="Every alert your webhook URL received, including the ones that were rejected and why."
        actions={
          <>
            <StreamBadge />
            <TickerFilter tickers={KNOWN_SYMBOLS} current={ticker} />
          </>
        }
      />
      <SignalsTable
        className={styles.table}
        label={ticker ? `${ticker} signals` : 'All signals'}
        signals={rows}
        loading={signals.isLoading}
        error={signals.error ? errorMessage(signals.error) : null}
        onRetry={() => void signals.mutate()}
        hasMore={signals.hasMore}
        loadingMore={signals.loadingMore}
        onEndReached={signals.loadMore}
        selectedId={selectedId}
        onRowExpandedChange={loadRaw}
        emptyState={
          <EmptyState
            title={ticker ? `No ${ticker} signals yet` : 'No signals yet'}
            description="Point a TradingView alert at your webhook URL and each alert appears here the moment it arrives."
            action={
              <Button asChild variant="outline">
                <Link to={paths.settings.apiKeys}>Get your webhook URL</Link>
              </Button>
            }
          />
        }
      />
    </>
  );
}
