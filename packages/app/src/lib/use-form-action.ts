import { useState } from 'react';
import { HttpError, errorMessage, type FieldErrors } from './http';

/**
 * The state of one form or action: busy, its field errors, its message, and what it said when done. `fields`: the
 * names the form shows errors under; a 422 about those only shows there, once, not again as the form's message
 * (one about anything else, or any other failure, is the form's message).
 */
export function useFormAction(fields: readonly string[] = []) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  async function run(work: () => Promise<string | null>) {
    setBusy(true);
    setErrors({});
    setError(null);
    setDone(null);
    try {
      setDone(await work());
    } catch (err) {
      const fieldErrors = err instanceof HttpError && err.errors ? err.errors : {};
      const keys = Object.keys(fieldErrors);
      setErrors(fieldErrors);
      if (keys.length === 0 || !keys.every((key) => fields.includes(key))) setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return { busy, errors, error, done, run, setDone, setErrors };
}
