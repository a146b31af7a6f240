import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Label, Skeleton } from 'dashboard-kit';
import { useId, useRef, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { alertMessageTemplate } from '../../features/webhook/alert-template';
import { rotateWebhook, updateWebhookSettings, useWebhook } from '../../features/webhook/api/get-webhook';
import { CopyButton } from '../../features/webhook/components/copy-button';
import { SecretUrlField } from '../../features/webhook/components/secret-url-field';
import * as copyStyles from '../../features/webhook/components/copy-field.css';
import {
  ReachabilityWarning,
  RefusedRequests,
  TradingViewOnlySwitch,
} from '../../features/webhook/components/webhook-setup';
import { useRevalidatePaper } from '../../features/paper/api/revalidate';

import { errorMessage } from '../../lib/http';
import * as styles from './api-keys.css';

function RotateWebhook({ onRotated }: { onRotated: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  async function rotate() {
    setBusy(true);
    setError(null);
    try {
      await rotateWebhook();
      setConfirming(false);
      onRotated();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  if (!confirming) {
    return (
      <Button
        type="button"
        variant="outline"
        onClick={() => {
          setConfirming(true);
          requestAnimationFrame(() => confirmRef.current?.focus());
        }}
      >
        Rotate URL…
      </Button>
    );
  }
  return (
    <div role="group" aria-labelledby="rotate-warning" className={styles.confirm}>
      <p id="rotate-warning" className={styles.warning}>
        The current URL stops working at once. Every TradingView alert that uses it must be updated with the new one.
      </p>
      <div className={styles.actions}>
        <Button ref={confirmRef} type="button" variant="danger" loading={busy} onClick={rotate}>
          Rotate now
        </Button>
        <Button type="button" variant="ghost" onClick={() => setConfirming(false)} disabled={busy}>
          Cancel
        </Button>
      </div>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Settings > API Keys: the webhook URL, a copy button, rotation, and an alert message to paste. */
export function ApiKeysRoute() {
  const id = useId();
  const webhook = useWebhook();
  const revalidate = useRevalidatePaper();
  const template = alertMessageTemplate();

  return (
    <>
      <PageHeader
        title="API Keys"
        description="Connect TradingView, or any system that can POST JSON, to SignalDeck."
      />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Webhook URL</h2>
          </CardTitle>
          <CardDescription>
            Paste this URL into the Webhook URL field of a TradingView alert. It is your Default strategy’s URL
            (Settings &gt; Strategy has each strategy’s, with a test alert). Anyone who has it can post signals to your
            account, so keep it secret; rotate it if it leaks.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <div className={styles.stack}>
            <Label htmlFor={`${id}-url`}>Your webhook URL</Label>
            {webhook.isLoading ? (
              <div className={copyStyles.row}>
                <Skeleton aria-label="Loading your webhook URL" style={{ height: '2.25rem', flex: 1 }} />
              </div>
            ) : (
              <SecretUrlField id={`${id}-url`} url={webhook.data?.url ?? ''} disabled={!webhook.data} />
            )}
            <ReachabilityWarning reachability={webhook.data?.reachability} />
            {webhook.data?.publicUrlConfigured === false && (
              <p className={styles.warning}>
                This URL is built from the address you opened SignalDeck at, because the server has no PUBLIC_URL
                setting. Check that TradingView can reach it, or ask your administrator to set PUBLIC_URL.
              </p>
            )}
            {webhook.error && (
              <p role="alert" className={styles.error}>
                {errorMessage(webhook.error)}
              </p>
            )}
            <RotateWebhook onRotated={() => void webhook.mutate()} />
            {webhook.data && (
              <>
                <TradingViewOnlySwitch
                  checked={webhook.data.tradingViewOnly}
                  onChange={(tradingViewOnly) =>
                    updateWebhookSettings(tradingViewOnly).then(() => {
                      void webhook.mutate();
                      revalidate.strategies();
                    })
                  }
                />
                <RefusedRequests refused={webhook.data.refused} />
              </>
            )}
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Alert message</h2>
          </CardTitle>
          <CardDescription>
            Paste this into the Message field of the alert. TradingView fills in the placeholders when the alert fires;
            change the strategy name to tell your strategies apart.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <div className={copyStyles.row}>
            {/* Focusable, so a keyboard can scroll a line wider than the box. */}
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
            <pre className={copyStyles.pre} aria-label="TradingView alert message template" tabIndex={0}>
              {template}
            </pre>
            <CopyButton text={template} label="Copy message" />
          </div>
        </CardContent>
      </Card>
    </>
  );
}
