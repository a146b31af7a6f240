import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  DeliveryLog,
  EmptyState,
  Label,
  NotificationChannelCard,
  Skeleton,
  deliveryResultText,
  deliveryStateLabel,
} from 'dashboard-kit';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ChannelLastDelivery } from 'dashboard-kit';
import { FormField, FormMessages } from '../../components/form-field';
import * as fieldStyles from '../../components/form-field.css';
import { PageHeader } from '../../components/page-header';
import * as selectStyles from '../../components/native-select.css';
import { CopyButton } from '../../features/webhook/components/copy-button';
import {
  createChannel,
  inFlight,
  removeChannel,
  savePreferences,
  sendTest,
  updateChannel,
  useChannels,
  useDeliveries,
  usePreferences,
} from '../../features/notifications/api/notifications';
import { EVENTS, EVENT_LABELS, KIND_LABELS, URL_HINTS } from '../../features/notifications/events';
import type {
  NotificationChannel,
  ChannelKind,
  CreateNotificationChannelRequest,
  NotificationDelivery,
  NotificationEvent,
  NotificationPreferences,
} from '@signaldeck/server/api-types';
import { useTimeZone } from '../../features/preferences/time-zone';
import { errorMessage } from '../../lib/http';
import { useReportLoadError } from '../../lib/live-stream-context';
import { useFormAction } from '../../lib/use-form-action';
import * as styles from './notification-settings.css';

/** The names the page's forms show errors under (a 422 about anything else is the form's message). */
const FORM_FIELDS = ['name', 'kind', 'url', 'botToken', 'chatId', 'email', 'events', 'timeZone', 'dailySummaryHour'];

function Section({
  title,
  description,
  children,
  headingId,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** Gives the heading an id and lets focus be moved to it (after the last channel is removed). */
  headingId?: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={headingId} tabIndex={headingId ? -1 : undefined}>
            {title}
          </h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** "Delivered (HTTP 200, 84 ms)", "Failed: HTTP 404", "Retrying: timed out": a test's outcome in words. */
export function testResultText(delivery: NotificationDelivery): string {
  const state = deliveryStateLabel(delivery.state);
  if (delivery.state === 'delivered') {
    const parts = [
      delivery.responseCode !== null && `HTTP ${delivery.responseCode}`,
      delivery.durationMs !== null && `${delivery.durationMs} ms`,
    ].filter(Boolean);
    return parts.length > 0 ? `${state} (${parts.join(', ')})` : state;
  }
  return `${state}: ${deliveryResultText(delivery)}`;
}

function ChannelDeliveries({ channel }: { channel: NotificationChannel }) {
  const timeZone = useTimeZone();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return (
    <div className={styles.panel}>
      {cursors.map((cursor, index) => (
        <DeliveryPageView
          key={cursor ?? 'first'}
          channel={channel}
          cursor={cursor}
          timeZone={timeZone}
          last={index === cursors.length - 1}
          onMore={(next) => setCursors((all) => [...all, next])}
        />
      ))}
    </div>
  );
}

function DeliveryPageView({
  channel,
  cursor,
  timeZone,
  last,
  onMore,
}: {
  channel: NotificationChannel;
  cursor: string | null;
  timeZone: 'local' | 'UTC';
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const page = useDeliveries(channel.id, true, cursor);
  const next = page.data?.nextCursor ?? null;
  return (
    <DeliveryLog
      label={cursor ? `Delivery log of ${channel.name}, older` : `Delivery log of ${channel.name}`}
      deliveries={page.data?.items ?? []}
      loading={page.isLoading}
      error={page.error ? errorMessage(page.error) : null}
      onRetry={() => void page.mutate()}
      hasMore={last && next !== null}
      onLoadMore={() => next && onMore(next)}
      timeZone={timeZone}
    />
  );
}

/** The channel's last delivery, with where the latest one stands when its log's first row is known. */
function withLatestState(
  last: ChannelLastDelivery | null,
  latest: NotificationDelivery | undefined,
): ChannelLastDelivery | null {
  if (!last || last.ok || !latest || latest.attempts === 0) return last;
  if (latest.state !== 'retrying' && latest.state !== 'failed') return last;
  return { ...last, state: latest.state, nextAttemptAt: latest.nextAttemptAt };
}

const NAME_REQUIRED = 'Give the channel a name.';

/** The events a channel sends, as checkboxes, with the server's error for them. */
function EventsFieldset({
  id,
  events,
  onChange,
  errors,
}: {
  id: string;
  events: NotificationEvent[];
  onChange: (events: NotificationEvent[]) => void;
  errors: string[] | undefined;
}) {
  return (
    <fieldset className={styles.fieldset} aria-describedby={errors ? `${id}-events-error` : undefined}>
      <legend className={styles.legend}>Send me</legend>
      <div className={styles.checks}>
        {EVENTS.map((event) => (
          <label key={event} className={styles.check}>
            <input
              type="checkbox"
              className={styles.checkbox}
              checked={events.includes(event)}
              onChange={(e) => onChange(e.target.checked ? [...events, event] : events.filter((x) => x !== event))}
            />
            {EVENT_LABELS[event]}
          </label>
        ))}
      </div>
      {errors && (
        <p id={`${id}-events-error`} className={fieldStyles.fieldError}>
          {errors.join(' ')}
        </p>
      )}
    </fieldset>
  );
}

/** Edit a channel's name and events; where it sends stays (remove it and add it again to change that). */
function EditChannelForm({
  channel,
  onSaved,
  onCancel,
}: {
  channel: NotificationChannel;
  onSaved: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useFormAction(FORM_FIELDS);
  const [name, setName] = useState(channel.name);
  const [events, setEvents] = useState<NotificationEvent[]>(channel.events);
  const nameRef = useRef<HTMLFormElement>(null);
  useEffect(() => nameRef.current?.querySelector('input')?.focus(), []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      form.setErrors({ name: [NAME_REQUIRED] });
      nameRef.current?.querySelector('input')?.focus();
      return;
    }
    void form.run(async () => {
      await updateChannel(channel.id, { name: name.trim(), events });
      await onSaved();
      return null;
    });
  }

  return (
    <form ref={nameRef} className={styles.form} onSubmit={submit} noValidate aria-label={`Edit ${channel.name}`}>
      <FormField
        spellCheck={false}
        id={id}
        name="name"
        label="Name"
        value={name}
        onChange={setName}
        errors={form.errors}
        required
      />
      <EventsFieldset id={id} events={events} onChange={setEvents} errors={form.errors.events} />
      <p className={fieldStyles.hint}>To send somewhere else, remove this channel and add a new one.</p>
      <div className={styles.row}>
        <Button type="submit" size="sm" loading={form.busy}>
          Save
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <FormMessages error={form.error} done={form.done} />
    </form>
  );
}

function ChannelItem({
  channel,
  onChanged,
  onRemoved,
  secret,
  onSecretSaved,
}: {
  channel: NotificationChannel;
  onChanged: () => Promise<unknown>;
  onRemoved: () => void;
  /** The signing secret of a channel just added, shown once inside its card. */
  secret: string | null;
  onSecretSaved: () => void;
}) {
  const timeZone = useTimeZone();
  const action = useFormAction(FORM_FIELDS);
  const [testResult, setTestResult] = useState<NotificationDelivery | null>(null);
  const [running, setRunning] = useState<'test' | 'remove' | null>(null);
  const [showLog, setShowLog] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  // Focus follows the confirmation: to "Keep it" when it opens, back to Remove when it is dismissed.
  const removeRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const confirmOpened = useRef(false);
  useEffect(() => {
    if (confirmRemove) keepRef.current?.focus();
    else if (confirmOpened.current) removeRef.current?.focus();
    confirmOpened.current = confirmRemove;
  }, [confirmRemove]);
  const editOpened = useRef(false);
  useEffect(() => {
    if (!editing && editOpened.current) editRef.current?.focus();
    editOpened.current = editing;
  }, [editing]);
  // The log's first page: shown when it is open, and read for a failed last delivery (is it being retried?).
  // Asked again every few seconds while the log is open or the latest delivery is still on its way.
  const lastFailed = channel.lastDelivery !== null && !channel.lastDelivery.ok;
  const logs = useDeliveries(channel.id, showLog || lastFailed, null, (page) => showLog || inFlight(page?.items[0]));
  const latest = logs.data?.items[0];
  // A new delivery, or the latest one moved on: the card's "Last delivery" comes from the channels list.
  const latestKey = latest ? `${latest.id}:${latest.state}:${latest.attempts}` : null;
  const seenLatest = useRef<string | null>(null);
  useEffect(() => {
    if (latestKey === null) return;
    if (seenLatest.current !== null && seenLatest.current !== latestKey) void onChanged();
    seenLatest.current = latestKey;
  }, [latestKey, onChanged]);

  const setEnabled = (enabled: boolean) =>
    action.run(async () => {
      await updateChannel(channel.id, { enabled });
      await onChanged();
      return enabled ? `${channel.name} is on.` : `${channel.name} is off.`;
    });
  const test = () =>
    action.run(async () => {
      setTestResult(null);
      setRunning('test');
      try {
        const { delivery } = await sendTest(channel.id);
        setTestResult(delivery);
      } finally {
        setRunning(null);
      }
      await Promise.all([onChanged(), showLog || lastFailed ? logs.mutate() : null]);
      return null;
    });
  const remove = () =>
    action.run(async () => {
      setRunning('remove');
      try {
        await removeChannel(channel.id);
      } finally {
        setRunning(null);
      }
      onRemoved();
      await onChanged();
      return null;
    });

  return (
    <li>
      <NotificationChannelCard
        name={channel.name}
        kindLabel={KIND_LABELS[channel.kind]}
        target={channel.target}
        events={channel.events.map((event) => EVENT_LABELS[event])}
        enabled={channel.enabled}
        disabledReason={channel.disabledReason}
        lastDelivery={withLatestState(channel.lastDelivery, latest)}
        onEnabledChange={(enabled) => void setEnabled(enabled)}
        busy={action.busy}
        headingAs="h3"
        timeZone={timeZone}
        data-channel-id={channel.id}
        actions={
          <>
            <Button size="sm" variant="outline" onClick={() => void test()} loading={running === 'test'}>
              Send test
            </Button>
            <Button size="sm" variant="outline" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
              {showLog ? 'Hide delivery log' : 'Delivery log'}
            </Button>
            <Button
              ref={editRef}
              size="sm"
              variant="outline"
              aria-expanded={editing}
              onClick={() => setEditing((v) => !v)}
            >
              Edit
            </Button>
            {!confirmRemove && (
              <Button ref={removeRef} size="sm" variant="ghost" onClick={() => setConfirmRemove(true)}>
                Remove
              </Button>
            )}
          </>
        }
      >
        {/* One block for what opens under the buttons, so the empty live regions add no gaps to the card. */}
        <div className={styles.below}>
          {secret && <SigningSecret channelName={channel.name} secret={secret} onDone={onSecretSaved} />}
          {editing && (
            <EditChannelForm
              channel={channel}
              onCancel={() => setEditing(false)}
              onSaved={async () => {
                await onChanged();
                setEditing(false);
              }}
            />
          )}
          {confirmRemove && (
            <div className={styles.row} role="group" aria-label={`Confirm removing ${channel.name}`}>
              <span>Remove {channel.name}? Nothing more is sent to it and its delivery log goes.</span>
              <Button size="sm" variant="danger" onClick={() => void remove()} loading={running === 'remove'}>
                Remove channel
              </Button>
              <Button ref={keepRef} size="sm" variant="outline" onClick={() => setConfirmRemove(false)}>
                Keep it
              </Button>
            </div>
          )}
          <div role="status" aria-live="polite">
            {testResult && (
              <p className={testResult.state === 'delivered' ? styles.success : styles.error} data-slot="test-result">
                Test: {testResultText(testResult)}
              </p>
            )}
          </div>
          <div role="alert">{action.error && <p className={styles.error}>{action.error}</p>}</div>
          {showLog && <ChannelDeliveries channel={channel} />}
        </div>
      </NotificationChannelCard>
    </li>
  );
}

function SigningSecret({ channelName, secret, onDone }: { channelName: string; secret: string; onDone: () => void }) {
  // Shown once: focus moves to it, so it is read out and in view.
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  useEffect(() => ref.current?.focus(), []);
  return (
    <section ref={ref} tabIndex={-1} className={styles.secret} aria-labelledby={titleId}>
      <h4 id={titleId} className={styles.secretTitle}>
        Signing secret of {channelName}
      </h4>
      <p className={fieldStyles.hint}>
        Your receiver checks each request’s <code>webhook-signature</code> with this secret (Standard Webhooks). It is
        shown this once: copy it now.
      </p>
      <p className={styles.secretValue} data-slot="signing-secret">
        {secret}
      </p>
      <div className={styles.row}>
        <CopyButton text={secret} label="Copy" />
        <Button type="button" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </section>
  );
}

const EMPTY_FORM = { name: '', url: '', botToken: '', chatId: '', email: '' };

function AddChannelForm({
  kinds,
  full,
  onCreated,
}: {
  kinds: ChannelKind[];
  full: boolean;
  onCreated: (channelId: number, secret: string | null) => Promise<unknown>;
}) {
  const id = useId();
  const form = useFormAction(FORM_FIELDS);
  const [kind, setKind] = useState<ChannelKind>(kinds[0] ?? 'webhook');
  const [values, setValues] = useState(EMPTY_FORM);
  const [events, setEvents] = useState<NotificationEvent[]>(['signal_rejected', 'trade_closed', 'exit_hit']);
  const set = (name: keyof typeof EMPTY_FORM) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const emailOffered = kinds.includes('email');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values.name.trim()) {
      form.setErrors({ name: [NAME_REQUIRED] });
      event.currentTarget.querySelector<HTMLInputElement>('input[name="name"]')?.focus();
      return;
    }
    void form.run(async () => {
      const body: CreateNotificationChannelRequest = { name: values.name.trim(), kind, events };
      if (kind === 'telegram') Object.assign(body, { botToken: values.botToken.trim(), chatId: values.chatId.trim() });
      else if (kind === 'email') body.email = values.email.trim();
      else body.url = values.url.trim();
      const created = await createChannel(body);
      setValues(EMPTY_FORM);
      await onCreated(created.channel.id, created.signingSecret);
      return `${created.channel.name} added.`;
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Add channel">
      <FormField
        spellCheck={false}
        id={id}
        name="name"
        label="Name"
        value={values.name}
        onChange={set('name')}
        errors={form.errors}
        required
      />
      <div className={fieldStyles.field}>
        <Label htmlFor={`${id}-kind`}>Kind</Label>
        <select
          id={`${id}-kind`}
          name="kind"
          className={selectStyles.select}
          value={kind}
          onChange={(event) => setKind(event.target.value as ChannelKind)}
          aria-invalid={form.errors.kind ? true : undefined}
        >
          {kinds.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
        {!emailOffered && (
          <p className={fieldStyles.hint}>
            Email is not offered: this SignalDeck has no mail server set up (the operator sets <code>SMTP_URL</code>).
          </p>
        )}
        {form.errors.kind && <p className={fieldStyles.fieldError}>{form.errors.kind.join(' ')}</p>}
      </div>
      {(kind === 'webhook' || kind === 'discord' || kind === 'slack') && (
        <FormField
          spellCheck={false}
          id={id}
          name="url"
          label={kind === 'webhook' ? 'URL' : `${KIND_LABELS[kind]} webhook URL`}
          type="url"
          value={values.url}
          onChange={set('url')}
          errors={form.errors}
          hint={URL_HINTS[kind]}
        />
      )}
      {kind === 'telegram' && (
        <>
          <ol className={styles.howTo} aria-label="How to connect Telegram">
            <li>In Telegram, message @BotFather, send /newbot and follow its steps: it answers with a bot token.</li>
            <li>Start a chat with your new bot (or add it to a group) and send it any message.</li>
            <li>
              Open https://api.telegram.org/bot&lt;token&gt;/getUpdates: the chat id is the number under
              &quot;chat&quot;, &quot;id&quot;.
            </li>
          </ol>
          <FormField
            spellCheck={false}
            id={id}
            name="botToken"
            label="Bot token"
            type="password"
            value={values.botToken}
            onChange={set('botToken')}
            errors={form.errors}
          />
          <FormField
            spellCheck={false}
            id={id}
            name="chatId"
            label="Chat id"
            value={values.chatId}
            onChange={set('chatId')}
            errors={form.errors}
          />
        </>
      )}
      {kind === 'email' && (
        <FormField
          spellCheck={false}
          id={id}
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          errors={form.errors}
        />
      )}
      <EventsFieldset id={id} events={events} onChange={setEvents} errors={form.errors.events} />
      <Button type="submit" loading={form.busy} disabled={full}>
        Add channel
      </Button>
      {full && <p className={fieldStyles.hint}>You have the most channels there can be: remove one to add another.</p>}
      <FormMessages error={form.error} done={form.done} />
    </form>
  );
}

function zones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const id = useId();
  const form = useFormAction(FORM_FIELDS);
  // A zone never chosen (the server's default) starts as the browser's.
  const [timeZone, setZone] = useState(saved.timeZone === 'UTC' ? browserZone() : saved.timeZone);
  const [hour, setHour] = useState(saved.dailySummaryHour);
  const all = zones();
  const options = all.includes(timeZone) ? all : [timeZone, ...all];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.run(async () => {
      const next = await savePreferences({ timeZone, dailySummaryHour: hour });
      setZone(next.timeZone);
      setHour(next.dailySummaryHour);
      return 'Preferences saved.';
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Notification preferences">
      <div className={fieldStyles.field}>
        <Label htmlFor={`${id}-zone`}>Time zone</Label>
        <select
          id={`${id}-zone`}
          className={selectStyles.select}
          value={timeZone}
          onChange={(event) => setZone(event.target.value)}
          aria-invalid={form.errors.timeZone ? true : undefined}
        >
          {options.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        {form.errors.timeZone && <p className={fieldStyles.fieldError}>{form.errors.timeZone.join(' ')}</p>}
      </div>
      <div className={fieldStyles.field}>
        <Label htmlFor={`${id}-hour`}>Daily summary at</Label>
        <select
          id={`${id}-hour`}
          className={selectStyles.select}
          value={hour}
          onChange={(event) => setHour(Number(event.target.value))}
        >
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {String(h).padStart(2, '0')}:00
            </option>
          ))}
        </select>
        <p className={fieldStyles.hint}>
          Sent to the channels that chose “Daily summary”, at this hour in your time zone.
        </p>
      </div>
      <Button type="submit" loading={form.busy}>
        Save preferences
      </Button>
      <FormMessages error={form.error} done={form.done} />
    </form>
  );
}

/** Settings > Notifications: the trader's channels, adding one, and when the daily summary comes. */
export function NotificationSettingsRoute() {
  const channels = useChannels();
  const preferences = usePreferences();
  const [secret, setSecret] = useState<{ channelId: number; secret: string } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const addHeadingId = useId();
  useReportLoadError(channels.error ?? preferences.error);
  const data = channels.data;
  const { mutate } = channels;
  const mutateChannels = useCallback(() => mutate(), [mutate]);
  // After a removal, focus goes to the card now in its place (or the one before it), or to "Add channel" when
  // none is left: never to the page's body.
  const removedAt = useRef<number | null>(null);
  useEffect(() => {
    const index = removedAt.current;
    if (index === null || !data) return;
    removedAt.current = null;
    const headings = [
      ...(listRef.current?.querySelectorAll<HTMLElement>('[data-slot="notification-channel-card"] h3') ?? []),
    ];
    const target = headings[Math.min(index, headings.length - 1)] ?? document.getElementById(addHeadingId);
    if (!target) return;
    target.tabIndex = -1;
    target.focus();
  }, [data, addHeadingId]);

  return (
    <>
      <PageHeader
        title="Notifications"
        description="Where SignalDeck tells you about rejected signals, trades, exits and a silent webhook, even when this page is closed."
      />
      <div className={styles.sections}>
        <Section title="Channels" description="Each channel gets the events you choose for it.">
          {channels.error && !data ? (
            <EmptyState
              role="alert"
              tone="danger"
              titleAs="p"
              title="Could not load your channels"
              description={errorMessage(channels.error)}
              action={
                <Button variant="outline" size="sm" onClick={() => void channels.mutate()}>
                  Retry
                </Button>
              }
            />
          ) : !data ? (
            <div aria-busy="true" aria-label="Loading channels">
              <Skeleton />
            </div>
          ) : data.channels.length === 0 ? (
            <EmptyState
              titleAs="p"
              title="No channels yet"
              description="Add one below: a webhook of your own, Discord, Slack or Telegram."
            />
          ) : (
            <ul ref={listRef} tabIndex={-1} className={styles.channelList} aria-label="Channels">
              {data.channels.map((channel, index) => (
                <ChannelItem
                  key={channel.id}
                  channel={channel}
                  onChanged={mutateChannels}
                  onRemoved={() => {
                    removedAt.current = index;
                  }}
                  secret={secret?.channelId === channel.id ? secret.secret : null}
                  onSecretSaved={() => {
                    setSecret(null);
                    listRef.current?.focus();
                  }}
                />
              ))}
            </ul>
          )}
        </Section>
        {data && (
          <Section
            title="Add channel"
            headingId={addHeadingId}
            description={`Up to ${data.maxChannels} channels. Send a test after adding one to check it arrives.`}
          >
            <AddChannelForm
              kinds={data.availableKinds}
              full={data.channels.length >= data.maxChannels}
              onCreated={async (channelId, signingSecret) => {
                setSecret(signingSecret ? { channelId, secret: signingSecret } : null);
                await channels.mutate();
              }}
            />
          </Section>
        )}
        <Section title="Preferences" description="Your time zone, for the daily summary and the times in messages.">
          {preferences.data ? (
            <PreferencesForm saved={preferences.data} />
          ) : preferences.error ? (
            <p role="alert" className={styles.error}>
              {errorMessage(preferences.error)}
            </p>
          ) : (
            <Skeleton />
          )}
        </Section>
      </div>
    </>
  );
}
