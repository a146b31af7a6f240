import { Button } from 'dashboard-kit';
import { useEffect, useState } from 'react';
import * as styles from './copy-field.css';

interface CopyButtonProps {
  text: string;
  label: string;
  disabled?: boolean;
}

/** Copies `text` to the clipboard and says so (politely, for screen readers too). */
export function CopyButton({ text, label, disabled }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      <Button type="button" variant="outline" onClick={copy} disabled={disabled}>
        {label}
      </Button>
      <span className={styles.status} role="status" aria-live="polite">
        {state === 'copied'
          ? 'Copied to the clipboard'
          : state === 'failed'
            ? 'Copy failed: select the text and copy it'
            : ''}
      </span>
    </>
  );
}
