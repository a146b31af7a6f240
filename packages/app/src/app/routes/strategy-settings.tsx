import type { Strategy } from '@signaldeck/server/api-types';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  Input,
  Label,
  Skeleton,
} from 'dashboard-kit';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { PageHeader } from '../../components/page-header';
import * as selectStyles from '../../components/native-select.css';
import { useRevalidatePaper } from '../../features/paper/api/revalidate';
import {
  createStrategy,
  deleteStrategy,
  replayStrategy,
  resetStrategy,
  rotateStrategyUrl,
  updateStrategy,
  useStrategies,
} from '../../features/paper/api/strategies';
import {
  draftErrors,
  draftFrom,
  PAIRS,
  settingsBody,
  STRATEGY_NAME_MAX_LENGTH,
  type DraftErrors,
  type SettingsDraft,
} from '../../features/paper/settings-form';
import { alertMessageTemplate } from '../../features/webhook/alert-template';
import { WebhookHealthPanel } from '../../features/webhook/components/webhook-health';
import { CopyButton } from '../../features/webhook/components/copy-button';
import { SecretUrlField } from '../../features/webhook/components/secret-url-field';
import * as copyStyles from '../../features/webhook/components/copy-field.css';
import {
  ReachabilityWarning,
  SharedUrlWarning,
  RefusedRequests,
  TestAlertButton,
  TradingViewOnlySwitch,
} from '../../features/webhook/components/webhook-setup';
import { errorMessage, HttpError } from '../../lib/http';
import * as styles from './strategy-settings.css';
import { srOnly } from '../../components/screen-reader.css';

/** A labelled field with its hint and the server's message for it (named by aria-describedby). */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <Label htmlFor={id}>{label}</Label>
      {children(describedBy, Boolean(error))}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * An action that asks first: the button opens a confirmation naming what will happen, whose confirm
 * button takes the focus; Cancel or Escape closes it and gives the focus back to the button. Whether it
 * is open is up to the page, which keeps one confirmation open at a time.
 */
function ConfirmAction({
  label,
  confirmLabel,
  warning,
  variant = 'outline',
  onConfirm,
  disabled,
  open,
  onOpenChange,
}: {
  label: string;
  confirmLabel: string;
  warning: string;
  variant?: 'outline' | 'danger';
  onConfirm: () => Promise<unknown>;
  disabled?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);

  function close() {
    onOpenChange(false);
    requestAnimationFrame(() => openerRef.current?.focus());
  }

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <Button
        ref={openerRef}
        type="button"
        variant="outline"
        disabled={disabled}
        onClick={() => {
          setError(null);
          onOpenChange(true);
          requestAnimationFrame(() => confirmRef.current?.focus());
        }}
      >
        {label}
      </Button>
    );
  }
  return (
    // Escape closes it, as it would a dialog (the rule allows key handlers on role="dialog", not "alertdialog").
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-warning`}
      className={styles.confirm}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || busy) return;
        event.preventDefault();
        close();
      }}
    >
      <p id={`${id}-title`} className={styles.legend}>
        {label.replace(/…$/, '')}?
      </p>
      <p id={`${id}-warning`} className={styles.hint}>
        {warning}
      </p>
      <div className={styles.actions}>
        <Button
          ref={confirmRef}
          type="button"
          variant={variant === 'danger' ? 'danger' : 'primary'}
          loading={busy}
          onClick={confirm}
        >
          {confirmLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={close} disabled={busy}>
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

function WebhookUrl({ strategy }: { strategy: Strategy }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <Label htmlFor={id}>Webhook URL</Label>
      <SecretUrlField id={id} url={strategy.webhookUrl} />
    </div>
  );
}

/** Where each fill price comes from, beneath its short name (see docs/paper-trading.md, Fills). */
const FILL_HINTS: Record<SettingsDraft['fill'], string> = {
  market: 'The close of the latest finished 1m candle when the alert arrives.',
  signal: 'Within 10% of the market; an alert without a price fills at market.',
  next_open: 'The open of the first 1m candle after the alert arrives.',
};

const select = (
  id: string,
  value: string,
  options: readonly (readonly [string, string])[],
  onChange: (value: string) => void,
  describedBy: string | undefined,
  invalid: boolean,
) => (
  <select
    id={id}
    className={selectStyles.select}
    value={value}
    aria-describedby={describedBy}
    aria-invalid={invalid || undefined}
    onChange={(e) => onChange(e.currentTarget.value)}
  >
    {options.map(([optionValue, optionLabel]) => (
      <option key={optionValue} value={optionValue}>
        {optionLabel}
      </option>
    ))}
  </select>
);

function SettingsForm({ strategy }: { strategy: Strategy }) {
  const id = useId();
  const revalidate = useRevalidatePaper();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFrom(strategy.name, strategy.settings));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [key]: value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setSaved(false);
    try {
      const updated = await updateStrategy(strategy.id, settingsBody(draft));
      setDraft(draftFrom(updated.name, updated.settings));
      setSaved(true);
      revalidate.strategies();
    } catch (err) {
      setErrors(
        err instanceof HttpError && err.status === 422 && err.errors && Object.keys(err.errors).length > 0
          ? draftErrors(err.errors)
          : { form: errorMessage(err) },
      );
    } finally {
      setSaving(false);
    }
  }

  const number = (key: keyof SettingsDraft, label: string, hint?: string) => (
    <Field id={`${id}-${key}`} label={label} hint={hint} error={errors[key]}>
      {(describedBy, invalid) => (
        <Input
          id={`${id}-${key}`}
          inputMode="decimal"
          value={draft[key] as string}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(e) => set(key, e.currentTarget.value as never)}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={`Settings of ${strategy.name}`} className={styles.stack}>
      <div className={styles.grid}>
        <Field id={`${id}-name`} label="Name" error={errors.name}>
          {(describedBy, invalid) => (
            <Input
              id={`${id}-name`}
              value={draft.name}
              maxLength={STRATEGY_NAME_MAX_LENGTH}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onChange={(e) => set('name', e.currentTarget.value)}
            />
          )}
        </Field>
        {number('startingBalance', 'Starting balance (USD)', 'Takes effect at the next reset or replay.')}
        <Field id={`${id}-sizingMode`} label="Position sizing" error={errors.sizingMode}>
          {(describedBy, invalid) =>
            select(
              `${id}-sizingMode`,
              draft.sizingMode,
              [
                ['signal', 'The alert’s quantity'],
                ['fixed', 'Fixed quantity'],
                ['notional', 'Fixed USD amount'],
                ['percent', 'Percent of equity'],
              ],
              (v) => set('sizingMode', v as SettingsDraft['sizingMode']),
              describedBy,
              invalid,
            )
          }
        </Field>
        {number(
          'sizingValue',
          'Size',
          draft.sizingMode === 'signal'
            ? 'USD traded when an alert has no quantity.'
            : draft.sizingMode === 'fixed'
              ? 'Quantity of the asset per order.'
              : draft.sizingMode === 'notional'
                ? 'USD per order.'
                : 'Percent of equity per order, its fee included: 100 goes all in.',
        )}
        <Field id={`${id}-sides`} label="Sides" error={errors.sides}>
          {(describedBy, invalid) =>
            select(
              `${id}-sides`,
              draft.sides,
              [
                ['both', 'Long and short'],
                ['long', 'Long only'],
                ['short', 'Short only'],
              ],
              (v) => set('sides', v as SettingsDraft['sides']),
              describedBy,
              invalid,
            )
          }
        </Field>
        <Field
          id={`${id}-onOpposite`}
          label="Opposite signal"
          // The choice in a word, what it does beneath: a select shows its text whole at every width.
          hint={
            draft.onOpposite === 'reverse'
              ? 'Closes the position, then opens the other side.'
              : 'Closes the position; the next signal opens again.'
          }
          error={errors.onOpposite}
        >
          {(describedBy, invalid) =>
            select(
              `${id}-onOpposite`,
              draft.onOpposite,
              [
                ['reverse', 'Reverse'],
                ['close', 'Close only'],
              ],
              (v) => set('onOpposite', v as SettingsDraft['onOpposite']),
              describedBy,
              invalid,
            )
          }
        </Field>
        <Field id={`${id}-fill`} label="Fill price" hint={FILL_HINTS[draft.fill]} error={errors.fill}>
          {(describedBy, invalid) =>
            select(
              `${id}-fill`,
              draft.fill,
              [
                ['market', 'Market (last 1m close)'],
                ['signal', 'The alert’s price'],
                ['next_open', 'Open of the next 1m candle'],
              ],
              (v) => set('fill', v as SettingsDraft['fill']),
              describedBy,
              invalid,
            )
          }
        </Field>
        {number('slippageBps', 'Slippage (bps per fill)')}
        {number('feeBps', 'Fee (bps per fill)')}
        {number('stopLossPct', 'Stop loss (% from entry)', 'Blank: none.')}
        {number('takeProfitPct', 'Take profit (% from entry)', 'Blank: none.')}
        {number('maxSignalAgeS', 'Max signal age (seconds)', 'Blank: no limit.')}
      </div>
      <div className={styles.grid}>
        <div className={styles.check}>
          <input
            id={`${id}-paperTrading`}
            type="checkbox"
            checked={draft.paperTrading}
            onChange={(e) => set('paperTrading', e.currentTarget.checked)}
          />
          <Label htmlFor={`${id}-paperTrading`}>Paper trading on</Label>
        </div>
        <div className={styles.check}>
          <input
            id={`${id}-pyramiding`}
            type="checkbox"
            checked={draft.pyramiding}
            onChange={(e) => set('pyramiding', e.currentTarget.checked)}
          />
          <Label htmlFor={`${id}-pyramiding`}>Add to an open position (average entry)</Label>
        </div>
      </div>
      <fieldset className={styles.grid} aria-describedby={`${id}-pairs-hint`}>
        <legend className={styles.legend}>Allowed pairs</legend>
        {PAIRS.map((pair) => (
          <div key={pair} className={styles.check}>
            <input
              id={`${id}-pair-${pair}`}
              type="checkbox"
              checked={draft.allowedTickers.includes(pair)}
              onChange={(e) =>
                set(
                  'allowedTickers',
                  e.currentTarget.checked
                    ? PAIRS.filter((p) => p === pair || draft.allowedTickers.includes(p))
                    : draft.allowedTickers.filter((p) => p !== pair),
                )
              }
            />
            <Label htmlFor={`${id}-pair-${pair}`}>{pair}/USD</Label>
          </div>
        ))}
        <p id={`${id}-pairs-hint`} className={styles.hint}>
          None ticked: every pair.
        </p>
        {errors.allowedTickers && <p className={styles.error}>{errors.allowedTickers}</p>}
      </fieldset>
      {errors.form && (
        <p role="alert" className={styles.error}>
          {errors.form}
        </p>
      )}
      {Object.keys(errors).length > 0 && !errors.form && (
        <p role="alert" className={styles.error}>
          Some settings need a fix: see the messages above.
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" loading={saving}>
          Save settings
        </Button>
        {saved && (
          <p role="status" className={styles.success}>
            Saved. Signals from now on use these settings.
          </p>
        )}
      </div>
    </form>
  );
}

/** Which confirmation is open on the page (`<strategy id>:<action>`), and how to open or close one. */
interface OpenConfirmation {
  openConfirmation: string | null;
  setOpenConfirmation: (key: string | null) => void;
}

function StrategyCard({
  strategy,
  canDelete,
  justCreated = false,
  openConfirmation,
  setOpenConfirmation,
}: { strategy: Strategy; canDelete: boolean; justCreated?: boolean } & OpenConfirmation) {
  const revalidate = useRevalidatePaper();
  // A strategy just created is added below the others, often off screen: its card is brought into view and its
  // heading takes the focus, so the next Tab reaches its URL.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!justCreated) return;
    headingRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [justCreated]);
  /** Opening this card's `action` closes whichever confirmation was open. */
  const confirmation = (action: string) => {
    const key = `${strategy.id}:${action}`;
    return {
      open: openConfirmation === key,
      onOpenChange: (open: boolean) => setOpenConfirmation(open ? key : null),
    };
  };
  const [notice, setNotice] = useState<string | null>(null);
  const template = alertMessageTemplate(strategy.name);
  const after = (message: string) => () => {
    setNotice(message);
    revalidate.strategies();
    revalidate.accounts();
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 ref={headingRef} tabIndex={justCreated ? -1 : undefined} className={styles.cardHeading}>
            {strategy.name}{' '}
            {strategy.isDefault && (
              // Read as "(the default strategy)": the badge's "Default" after the default strategy's own name,
              // "Default", was read "Default Default".
              <Badge variant="neutral">
                <span aria-hidden="true">Default</span>
                <span className={srOnly}>(the default strategy)</span>
              </Badge>
            )}
          </h2>
        </CardTitle>
        <CardDescription>
          Alerts posted to this URL trade in this strategy’s own paper account, with its settings.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className={styles.stack}>
          <WebhookUrl strategy={strategy} />
          <ReachabilityWarning reachability={strategy.reachability} />
          <SharedUrlWarning senders={strategy.alertStrategies} />
          <TestAlertButton strategyId={strategy.id} onSent={() => revalidate.strategies()} />
          <TradingViewOnlySwitch
            checked={strategy.tradingViewOnly}
            onChange={(tradingViewOnly) =>
              updateStrategy(strategy.id, { tradingViewOnly }).then(() => revalidate.strategies())
            }
          />
          <RefusedRequests refused={strategy.refused} />
          <div className={styles.field}>
            <span className={styles.legend} id={`template-${strategy.id}`}>
              TradingView alert message
            </span>
            <div className={copyStyles.row}>
              {/* Focusable, so a keyboard can scroll a line wider than the box. */}
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
              <pre className={copyStyles.pre} aria-labelledby={`template-${strategy.id}`} tabIndex={0}>
                {template}
              </pre>
              <CopyButton text={template} label="Copy message" />
            </div>
          </div>
          <SettingsForm strategy={strategy} />
          <WebhookHealthPanel strategy={strategy} />
          <div className={styles.actions}>
            <ConfirmAction
              {...confirmation('rotate')}
              label="Rotate URL…"
              confirmLabel="Rotate now"
              warning="The current URL stops working at once. Every alert that uses it must be given the new one."
              onConfirm={() => rotateStrategyUrl(strategy.id).then(after('The URL was rotated.'))}
            />
            <ConfirmAction
              {...confirmation('reset')}
              label="Reset account…"
              confirmLabel="Reset account"
              variant="danger"
              warning="Positions, trades and equity are emptied and the balance goes back to the starting balance. Signals keep their outcomes."
              onConfirm={() => resetStrategy(strategy.id).then(after('The paper account was reset.'))}
            />
            <ConfirmAction
              {...confirmation('replay')}
              label="Replay…"
              confirmLabel="Replay signals"
              warning="Trades, positions, equity and outcomes are recomputed from this strategy’s signals since the account opened, with the saved settings. Positions closed by hand are closed again where you closed them, at the price you got."
              onConfirm={() =>
                replayStrategy(strategy.id).then((result) =>
                  after(`Replayed ${result.signals} signals: ${result.trades} closed trades.`)(),
                )
              }
            />
            {canDelete && (
              <ConfirmAction
                {...confirmation('delete')}
                label="Delete…"
                confirmLabel="Delete strategy"
                variant="danger"
                warning="The strategy, its URL, its signals and its paper account are deleted for good."
                onConfirm={() => deleteStrategy(strategy.id).then(after('Deleted.'))}
              />
            )}
          </div>
          {notice && (
            <p role="status" className={styles.success}>
              {notice}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function CreateStrategy({ onCreated }: { onCreated(strategy: Strategy): void }) {
  const id = useId();
  const revalidate = useRevalidatePaper();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setCreated(null);
    try {
      const strategy = await createStrategy({ name });
      setName('');
      setCreated(strategy.name);
      onCreated(strategy);
      revalidate.strategies();
    } catch (err) {
      setError(err instanceof HttpError && err.errors?.name ? err.errors.name.join(' ') : errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <form onSubmit={submit} noValidate aria-label="New strategy" className={styles.createRow}>
        <div className={styles.field}>
          <Label htmlFor={id}>New strategy name</Label>
          <Input
            id={id}
            value={name}
            maxLength={STRATEGY_NAME_MAX_LENGTH}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setName(e.currentTarget.value)}
          />
        </div>
        <Button type="submit" loading={busy}>
          Create strategy
        </Button>
        {error && (
          <p id={`${id}-error`} role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </form>
      <p role="status" className={styles.created}>
        {created && `Strategy “${created}” created, below, with its own URL and paper account.`}
      </p>
    </div>
  );
}

/** Settings > Strategy: each strategy's URL, alert message and settings; create, rotate, reset, replay, delete. */
export function StrategySettingsRoute() {
  const strategies = useStrategies();
  const [openConfirmation, setOpenConfirmation] = useState<string | null>(null);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const list = strategies.data?.data ?? [];
  return (
    <div className={styles.page}>
      <PageHeader
        title="Strategy"
        description="Each strategy has its own webhook URL, settings and paper account. Alerts sent to its URL trade in it."
        actions={<CreateStrategy onCreated={(strategy) => setCreatedId(strategy.id)} />}
      />
      {strategies.isLoading && <Skeleton aria-label="Loading your strategies" style={{ height: '16rem' }} />}
      {strategies.error && (
        <EmptyState
          title="Your strategies could not be loaded"
          description={errorMessage(strategies.error)}
          action={
            <Button type="button" variant="outline" onClick={() => void strategies.mutate()}>
              Retry
            </Button>
          }
        />
      )}
      {list.map((strategy) => (
        <StrategyCard
          key={strategy.id}
          strategy={strategy}
          canDelete={list.length > 1 && !strategy.isDefault}
          justCreated={strategy.id === createdId}
          openConfirmation={openConfirmation}
          setOpenConfirmation={setOpenConfirmation}
        />
      ))}
    </div>
  );
}
