import type {
  Signal,
  Strategy,
  TestAlertResult,
  WebhookReachability,
  WebhookRefusals,
} from '@signaldeck/server/api-types';
import { Button, Label } from 'dashboard-kit';
import { Fragment, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage, http } from '../../../lib/http';
import { shownText } from '../../../lib/shown-text';
import { signalOutcomeText } from '../../paper/outcome-text';
import { reasonHelpHref, WEBHOOK_DOCS_SECTIONS, webhookDocsHref } from '../docs';
import * as styles from './webhook-setup.css';

/**
 * Why TradingView cannot use the URL shown (the server's verdict, so the page and the API agree), each reason
 * with its fix, and a link to the docs section. Nothing when the URL is fine.
 */
export function ReachabilityWarning({ reachability }: { reachability: WebhookReachability | undefined }) {
  const id = useId();
  if (!reachability || reachability.ok) return null;
  return (
    <section aria-labelledby={id} className={styles.warning} data-testid="reachability-warning">
      <h3 id={id} className={styles.warningTitle}>
        TradingView cannot post to this URL
      </h3>
      <ul className={styles.list}>
        {reachability.problems.map((problem) => (
          <li key={problem.code} className={styles.text} data-problem={problem.code}>
            {problem.message}
          </li>
        ))}
      </ul>
      <a className={styles.link} href={webhookDocsHref(WEBHOOK_DOCS_SECTIONS.reachability)}>
        How to fix: make the URL reachable from TradingView
      </a>
    </section>
  );
}

/**
 * `“A” (3)`, `“A” (3) and “B” (1)`, `“A” (3), “B” (2) and “C” (1)`: names as the alerts wrote them (cut, escaped),
 * each isolated (`<bdi>`), so a right-to-left name keeps its count beside it and the sentence its order.
 */
function SendersText({ senders }: { senders: Strategy['alertStrategies'] }) {
  return senders.map(({ name, count }, index) => (
    <Fragment key={name}>
      {index === 0 ? '' : index === senders.length - 1 ? ' and ' : ', '}“<bdi>{shownText(name, 80)}</bdi>” (
      {count.toLocaleString('en-US')})
    </Fragment>
  ));
}

/** The API names at most this many senders: as many means there may be more. */
const MAX_SENDERS_NAMED = 10;

/**
 * A warning when alerts of more than one TradingView strategy reach one URL: they trade in its one paper account, so
 * one's orders close the other's positions. Names each, with how many of the latest alerts it sent.
 */
export function SharedUrlWarning({ senders }: { senders: Strategy['alertStrategies'] }) {
  const id = useId();
  if (senders.length < 2) return null;
  return (
    <section aria-labelledby={id} className={styles.warning} data-testid="shared-url-warning">
      <h3 id={id} className={styles.warningTitle}>
        {senders.length >= MAX_SENDERS_NAMED ? `${MAX_SENDERS_NAMED} or more` : senders.length} TradingView strategies
        send to this URL
      </h3>
      <p className={styles.text}>
        Alerts of <SendersText senders={senders} /> arrived here in the last 7 days. They all trade in this one paper
        account, so one’s orders open and close the other’s positions. Create a strategy for each, and give each
        TradingView strategy its own URL.
      </p>
      <a className={styles.link} href={webhookDocsHref(WEBHOOK_DOCS_SECTIONS.sharedUrl)}>
        Why, and how to keep them apart
      </a>
    </section>
  );
}

const STATUS_NAMES: Record<string, string> = {
  '403': 'not from TradingView (403)',
  '413': 'too large (413)',
  '415': 'unreadable content type (415)',
  '429': 'too many requests (429)',
};

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

/** The posts this URL turned away before storing anything, by status, with the latest time. */
export function RefusedRequests({ refused }: { refused: WebhookRefusals | undefined }) {
  const id = useId();
  if (!refused) return null;
  return (
    <div className={styles.panel} data-testid="refused-requests">
      <span id={id} className={styles.text}>
        <strong>Refused before storing:</strong>{' '}
        {refused.count === 0 ? 'none' : `${refused.count.toLocaleString('en-US')} requests`}
      </span>
      {refused.count > 0 && (
        <ul className={styles.list} aria-labelledby={id}>
          {Object.entries(refused.byStatus).map(([status, count]) => (
            <li key={status} className={styles.text} data-status={status}>
              {count.toLocaleString('en-US')} × {STATUS_NAMES[status] ?? status}
            </li>
          ))}
          {refused.lastAt !== null && (
            <li className={styles.text}>
              Last: <time dateTime={new Date(refused.lastAt).toISOString()}>{timeFormat.format(refused.lastAt)}</time>
            </li>
          )}
        </ul>
      )}
      <a className={styles.link} href={webhookDocsHref(WEBHOOK_DOCS_SECTIONS.refused)}>
        What refused requests mean
      </a>
    </div>
  );
}

/**
 * Whether the URL takes alerts from TradingView's addresses only. `onChange` saves it (per strategy on
 * Settings > Strategy, the Default's URL on API Keys); the explanation names the TRUST_PROXY caveat.
 */
export function TradingViewOnlySwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => Promise<unknown>;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function change(next: boolean) {
    setBusy(true);
    setError(null);
    try {
      await onChange(next);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className={styles.panel}>
      <div className={styles.check}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={busy}
          aria-describedby={`${id}-hint`}
          onChange={(e) => void change(e.currentTarget.checked)}
        />
        <Label htmlFor={id}>TradingView only</Label>
      </div>
      <p id={`${id}-hint`} className={styles.muted}>
        When on, this URL takes alerts only from TradingView’s published addresses; anything else is refused (403) and
        counted below, not stored. Behind a reverse proxy the server must have TRUST_PROXY set to that proxy, or it sees
        the proxy’s address and refuses every alert.{' '}
        <a className={styles.link} href={webhookDocsHref(WEBHOOK_DOCS_SECTIONS.tradingViewOnly)}>
          More on TradingView only
        </a>
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** POST /api/strategies/{id}/test-alert: a TradingView-style alert through the strategy's real webhook path. */
export function sendTestAlert(strategyId: string): Promise<TestAlertResult> {
  return http.post<TestAlertResult>(`/api/strategies/${encodeURIComponent(strategyId)}/test-alert`);
}

function signalSummary(signal: Signal): string {
  if (signal.status === 'rejected') return 'Stored as rejected';
  if (signal.status === 'duplicate') return 'Stored as a repeat of an earlier alert';
  return 'Stored as accepted';
}

function TestAlertOutcome({ result }: { result: TestAlertResult }) {
  const { signal } = result;
  const help = reasonHelpHref(signal?.reasonCode);
  return (
    <div className={styles.result} data-testid="test-alert-result">
      <p className={styles.text}>
        <strong>The URL answered {result.status}.</strong>{' '}
        {signal ? `${signalSummary(signal)} (signal ${signal.id}).` : 'Nothing was stored.'}
      </p>
      {result.message && <p className={styles.text}>{result.message}</p>}
      {result.status === 403 && result.tradingViewOnly && (
        <p className={styles.text}>
          TradingView only is on, and this test is sent by SignalDeck itself, not from TradingView’s addresses, so the
          URL refused it as it would any other sender. Turn TradingView only off to run the test, then on again; or fire
          a real alert in TradingView.
        </p>
      )}
      {signal?.reason && (
        <p className={styles.text}>
          Reason: {signal.reason}{' '}
          {help && (
            <a className={styles.link} href={help}>
              How to fix
            </a>
          )}
        </p>
      )}
      {signal?.status === 'accepted' && (
        <p className={styles.text}>
          Outcome:{' '}
          {signal.outcome
            ? signalOutcomeText(signal)
            : 'not decided yet (a market order waits for its minute of market data); Signals shows it when it is'}
        </p>
      )}
      {signal && (
        <Link className={styles.link} to={`/signals?selected=${encodeURIComponent(signal.id)}`}>
          Show signal {signal.id} in Signals
        </Link>
      )}
    </div>
  );
}

/**
 * "Send test alert": buy BTC at the market price, posted to the strategy's own URL through the real webhook
 * path (rate limit and TradingView only included), then where it landed and what it did.
 */
export function TestAlertButton({ strategyId, onSent }: { strategyId: string; onSent?: () => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TestAlertResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function send() {
    setBusy(true);
    setError(null);
    try {
      setResult(await sendTestAlert(strategyId));
      onSent?.();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className={styles.panel}>
      <div className={styles.row}>
        <Button type="button" variant="outline" loading={busy} aria-describedby={`${id}-hint`} onClick={send}>
          Send test alert
        </Button>
        <a className={styles.link} href={webhookDocsHref(WEBHOOK_DOCS_SECTIONS.testAlert)}>
          About the test alert
        </a>
      </div>
      <p id={`${id}-hint`} className={styles.muted}>
        Posts a buy of BTC at the current market price, written like a TradingView alert, to this URL through the real
        webhook path: it is stored, shown and paper traded like any alert, and marked as a test.
      </p>
      <div role="status" aria-live="polite" className={styles.panel}>
        {result && <TestAlertOutcome result={result} />}
      </div>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
