import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from 'dashboard-kit';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { ExportFormat, Session, User } from '@signaldeck/server/api-types';
import { FormField, FormMessages } from '../../components/form-field';
import { PageHeader } from '../../components/page-header';
import {
  changePassword,
  deleteAccount,
  downloadExport,
  signOutOtherSessions,
  signOutSession,
  updateProfile,
  useSessions,
} from '../../features/account/api/account';
import { authState } from '../../features/auth/store';
import { useTimeZone } from '../../features/preferences/time-zone';
import { errorMessage } from '../../lib/http';
import { useFormAction } from '../../lib/use-form-action';
import * as styles from './account.css';

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const PROFILE_FIELDS = ['name', 'email', 'current_password'];

function ProfileSection({ user }: { user: User }) {
  const id = useId();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [password, setPassword] = useState('');
  // The stored user can change under the form (the page load's GET /api/user brings a name saved on another
  // device): a field the trader has not edited follows it, so saving never writes the older value back.
  // Decided against each field's latest value (an updater), not this render's: a keystroke still queued when the
  // stored user changes is applied first, and stays.
  const [shown, setShown] = useState(user);
  if (shown !== user) {
    setName((current) => (current === shown.name ? user.name : current));
    setEmail((current) => (current === shown.email ? user.email : current));
    setShown(user);
  }
  const form = useFormAction(PROFILE_FIELDS);
  const emailChanges = email.trim().toLowerCase() !== user.email;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      form.setErrors({ name: ['Enter your name.'] });
      event.currentTarget.querySelector<HTMLInputElement>('input[name="name"]')?.focus();
      return;
    }
    void form.run(async () => {
      const saved = await updateProfile({ name, email, ...(emailChanges && { current_password: password }) });
      setName(saved.name);
      setEmail(saved.email);
      setPassword('');
      return 'Profile saved.';
    });
  }

  return (
    <Section title="Profile" description="Your name and the email you sign in with.">
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Profile">
        <FormField
          id={id}
          name="name"
          label="Name"
          type="text"
          autoComplete="name"
          value={name}
          onChange={setName}
          errors={form.errors}
          required
        />
        <FormField
          id={id}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          errors={form.errors}
        />
        {emailChanges && (
          <FormField
            id={id}
            name="current_password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            errors={form.errors}
            hint="Changing your email needs your password."
          />
        )}
        <Button type="submit" loading={form.busy}>
          Save profile
        </Button>
        <FormMessages error={form.error} done={form.done} />
      </form>
    </Section>
  );
}

/** The password form's fields, in order; each is a key of the request body. */
const PASSWORD_FIELDS = [
  { name: 'current_password', label: 'Current password', autoComplete: 'current-password' },
  { name: 'password', label: 'New password', autoComplete: 'new-password' },
  { name: 'password_confirmation', label: 'Confirm new password', autoComplete: 'new-password' },
] as const;

function PasswordSection({ onChanged }: { onChanged: () => void }) {
  const id = useId();
  const [values, setValues] = useState({ current_password: '', password: '', password_confirmation: '' });
  const form = useFormAction();
  const set = (name: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.run(async () => {
      const { signedOutSessions } = await changePassword(values);
      setValues({ current_password: '', password: '', password_confirmation: '' });
      onChanged();
      return signedOutSessions === 0
        ? 'Password changed.'
        : `Password changed. ${signedOutSessions} other ${signedOutSessions === 1 ? 'session was' : 'sessions were'} signed out.`;
    });
  }

  return (
    <Section
      title="Password"
      description="At least 8 characters, and not a common password. Changing it signs you out everywhere else; this browser stays signed in."
    >
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Change password">
        {PASSWORD_FIELDS.map((field) => (
          <FormField
            key={field.name}
            id={id}
            type="password"
            {...field}
            value={values[field.name]}
            onChange={set(field.name)}
            errors={form.errors}
          />
        ))}
        <Button type="submit" loading={form.busy}>
          Change password
        </Button>
        <FormMessages error={form.error} done={form.done} />
      </form>
    </Section>
  );
}

const sessionName = (session: Session) => `${session.browser} on ${session.device}`;

function SessionsSection({ sessions }: { sessions: ReturnType<typeof useSessions> }) {
  const timeZone = useTimeZone();
  const form = useFormAction();
  const format = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone === 'UTC' && { timeZone: 'UTC' }),
  });
  const list = sessions.data?.data;
  const others = list?.filter((session) => !session.current).length ?? 0;

  const signOut = (session: Session) =>
    form.run(async () => {
      await signOutSession(session.id);
      await sessions.mutate();
      return `${sessionName(session)} is signed out.`;
    });
  const signOutOthers = () =>
    form.run(async () => {
      const { signedOutSessions } = await signOutOtherSessions();
      await sessions.mutate();
      return `Signed out of ${signedOutSessions} other ${signedOutSessions === 1 ? 'session' : 'sessions'}.`;
    });

  return (
    <Section
      title="Active sessions"
      description="Where your account is signed in. Sign out any you do not recognise, then change your password."
    >
      <div className={styles.form}>
        {sessions.isLoading && (
          <Skeleton aria-label="Loading your sessions" style={{ height: '4rem', width: '100%' }} />
        )}
        {sessions.error && <p className={styles.error}>{errorMessage(sessions.error)}</p>}
        {list && (
          <ul className={styles.sessionList} aria-label="Active sessions">
            {list.map((session) => (
              <li key={session.id} className={styles.session}>
                <div>
                  <p className={styles.sessionName}>
                    {sessionName(session)}
                    {session.current && <Badge variant="success">This browser</Badge>}
                  </p>
                  <p className={styles.sessionDetails}>
                    {session.ip ? `${session.ip} · ` : ''}signed in {format.format(session.createdAt)} · last used{' '}
                    {format.format(session.lastUsedAt)}
                  </p>
                </div>
                {!session.current && (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={`Sign out ${sessionName(session)}, last used ${format.format(session.lastUsedAt)}`}
                    disabled={form.busy}
                    onClick={() => void signOut(session)}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <Button
          type="button"
          variant="outline"
          disabled={others === 0 || form.busy}
          onClick={() => void signOutOthers()}
        >
          Sign out everywhere else
        </Button>
        <FormMessages error={form.error} done={form.done} />
      </div>
    </Section>
  );
}

const EXPORTS: { format: ExportFormat; label: string }[] = [
  { format: 'json', label: 'Download everything (JSON)' },
  { format: 'signals.csv', label: 'Signals (CSV)' },
  { format: 'trades.csv', label: 'Trades (CSV)' },
];

function ExportSection() {
  const form = useFormAction();
  return (
    <Section
      title="Export your data"
      description="Your profile, strategies with their settings (webhook URLs left out), signals, outcomes, trades and positions. CSV files open in any spreadsheet."
    >
      <div className={styles.form}>
        <div className={styles.actions}>
          {EXPORTS.map(({ format, label }) => (
            <Button
              key={format}
              type="button"
              variant={format === 'json' ? 'primary' : 'outline'}
              disabled={form.busy}
              onClick={() => void form.run(async () => `Downloaded ${await downloadExport(format)}.`)}
            >
              {label}
            </Button>
          ))}
        </div>
        <FormMessages error={form.error} done={form.done} />
      </div>
    </Section>
  );
}

function DeleteSection({ user }: { user: User }) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useFormAction();
  const openRef = useRef<HTMLButtonElement>(null);
  const matches = email.trim().toLowerCase() === user.email;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.run(async () => {
      await deleteAccount({ email, current_password: password });
      return null;
    });
  }

  return (
    <Section
      title="Delete account"
      description="Deletes your account and everything in it: strategies, webhook URLs, signals, trades and sessions. This cannot be undone; export your data first if you want to keep it."
    >
      {!confirming ? (
        <Button ref={openRef} type="button" variant="danger" onClick={() => setConfirming(true)}>
          Delete account…
        </Button>
      ) : (
        <form className={styles.danger} onSubmit={submit} noValidate aria-label="Delete account">
          <FormField
            id={id}
            name="email"
            label={`Type ${user.email} to confirm`}
            type="email"
            autoComplete="off"
            value={email}
            onChange={setEmail}
            errors={form.errors}
          />
          <FormField
            id={id}
            name="current_password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            errors={form.errors}
          />
          <div className={styles.actions}>
            <Button type="submit" variant="danger" loading={form.busy} disabled={!matches || !password}>
              Delete my account
            </Button>
            <Button
              type="button"
              variant="ghost"
              disabled={form.busy}
              onClick={() => {
                setConfirming(false);
                requestAnimationFrame(() => openRef.current?.focus());
              }}
            >
              Cancel
            </Button>
          </div>
          <FormMessages error={form.error} done={form.done} />
        </form>
      )}
    </Section>
  );
}

/** User menu > Account: profile, password, active sessions, data export and account deletion. */
export function AccountRoute() {
  const { user } = useSnapshot(authState);
  const sessions = useSessions();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Account" description="Your profile, password, sessions and data." />
      <div className={styles.sections}>
        <ProfileSection key={`${user.id}`} user={user} />
        <PasswordSection onChanged={() => void sessions.mutate()} />
        <SessionsSection sessions={sessions} />
        <ExportSection />
        <DeleteSection user={user} />
      </div>
    </>
  );
}
