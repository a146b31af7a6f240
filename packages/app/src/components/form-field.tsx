import { Input, Label } from 'dashboard-kit';
import type { ReactNode } from 'react';
import type { FieldErrors } from '../lib/http';
import * as styles from './form-field.css';

export interface FormFieldProps {
  /** The form's id: the input's id is `${id}-${name}`. */
  id: string;
  /** The field's name, as the API names it: its messages are `errors[name]`. */
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: FieldErrors;
  type?: 'text' | 'url' | 'email' | 'password';
  hint?: ReactNode;
  autoComplete?: string;
  required?: boolean;
  spellCheck?: boolean;
}

/** A labelled input with its hint and its messages from a 422 (`errors[name]`) tied to it. */
export function FormField({
  id,
  name,
  label,
  value,
  onChange,
  errors,
  type = 'text',
  hint,
  autoComplete = 'off',
  required,
  spellCheck,
}: FormFieldProps) {
  const inputId = `${id}-${name}`;
  const messages = errors[name];
  const describedBy = [messages && `${inputId}-error`, hint && `${inputId}-hint`].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        name={name}
        type={type}
        autoComplete={autoComplete}
        spellCheck={spellCheck}
        required={required}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={messages ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <div id={`${inputId}-hint`} className={styles.hint}>
          {hint}
        </div>
      )}
      {messages && (
        <p id={`${inputId}-error`} className={styles.fieldError}>
          {messages.join(' ')}
        </p>
      )}
    </div>
  );
}

/** A form's message (an alert) and what it said when done (a status), live regions that are always there. */
export function FormMessages({ error, done }: { error: string | null; done: string | null }) {
  return (
    // One grid cell for both live regions, so that while they are empty they add no gap to the form.
    <div>
      <div role="alert">{error && <p className={styles.formError}>{error}</p>}</div>
      <div role="status">{done && <p className={styles.formSuccess}>{done}</p>}</div>
    </div>
  );
}
