import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label } from 'dashboard-kit';
import { useId, useState, type FormEvent } from 'react';
import { HttpError, errorMessage, type FieldErrors } from '../../../lib/http';
import { login } from '../api/login';
import { register } from '../api/register';
import * as styles from './auth-form.css';

export type AuthMode = 'login' | 'register';

interface FieldSpec {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
}

const FIELDS: Record<AuthMode, FieldSpec[]> = {
  login: [
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'username' },
    { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
  ],
  register: [
    { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
    { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
    { name: 'password_confirmation', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
  ],
};

const COPY: Record<AuthMode, { title: string; description: string; submit: string; busy: string }> = {
  login: {
    title: 'Sign in',
    description: 'Sign in to see your charts and webhook signals.',
    submit: 'Sign in',
    busy: 'Signing in…',
  },
  register: {
    title: 'Create an account',
    description: 'Register to get your personal webhook URL.',
    submit: 'Create account',
    busy: 'Creating account…',
  },
};

interface AuthFormProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
}

/** Whether the form's alert already says `message`: it is the alert's text, or its start before "(and N more…)". */
function alertSays(alert: string | null, message: string): boolean {
  if (alert === null) return false;
  return (
    alert === message || (alert.startsWith(message) && /^ \(and \d+ more errors?\)$/.test(alert.slice(message.length)))
  );
}

/**
 * Sign-in and registration: one form, two modes (DESIGN.md 2b). A success stores the session;
 * leaving the page is `GuestOnly`'s job.
 */
export function AuthForm({ mode, onModeChange }: AuthFormProps) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const copy = COPY[mode];

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    setFieldErrors({});
    try {
      if (mode === 'login') {
        await login({ email: values.email ?? '', password: values.password ?? '' });
      } else {
        await register({
          name: values.name ?? '',
          email: values.email ?? '',
          password: values.password ?? '',
          password_confirmation: values.password_confirmation ?? '',
        });
      }
    } catch (err) {
      setError(errorMessage(err));
      if (err instanceof HttpError && err.errors) setFieldErrors(err.errors);
      setSubmitting(false);
    }
  }

  function switchTo(next: AuthMode) {
    setError(null);
    setFieldErrors({});
    onModeChange(next);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h1>{copy.title}</h1>
        </CardTitle>
        <CardDescription>{copy.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className={styles.form}
          onSubmit={handleSubmit}
          noValidate
          aria-describedby={error ? `${id}-error` : undefined}
        >
          {FIELDS[mode].map((field) => {
            const inputId = `${id}-${field.name}`;
            const messages = fieldErrors[field.name];
            // A message the alert below already says (the server's message is its first field message, with
            // "(and 1 more error)" when there are more) is said once: the field points at the alert for it,
            // and shows only the rest.
            const said = messages?.some((message) => alertSays(error, message)) ?? false;
            const unsaid = messages?.filter((message) => !alertSays(error, message)) ?? [];
            const describedBy =
              [said && `${id}-error`, unsaid.length > 0 && `${inputId}-error`].filter(Boolean).join(' ') || undefined;
            return (
              <div key={field.name} className={styles.field}>
                <Label htmlFor={inputId}>{field.label}</Label>
                <Input
                  id={inputId}
                  name={field.name}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  required
                  value={values[field.name] ?? ''}
                  onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                  aria-invalid={messages ? true : undefined}
                  aria-describedby={describedBy}
                />
                {unsaid.length > 0 && (
                  <p id={`${inputId}-error`} className={styles.fieldError}>
                    {unsaid.join(' ')}
                  </p>
                )}
              </div>
            );
          })}
          <div role="alert" aria-live="assertive">
            {error && (
              <p id={`${id}-error`} className={styles.formError}>
                {error}
              </p>
            )}
          </div>
          <Button type="submit" loading={submitting}>
            {submitting ? copy.busy : copy.submit}
          </Button>
          <p className={styles.switchMode}>
            {mode === 'login' ? 'New to SignalDeck? ' : 'Already have an account? '}
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => switchTo(mode === 'login' ? 'register' : 'login')}
            >
              {mode === 'login' ? 'Create an account' : 'Sign in instead'}
            </Button>
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
