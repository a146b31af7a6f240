import { Button, Input } from 'dashboard-kit';
import { useState } from 'react';
import { maskWebhookUrl } from '../../paper/settings-form';
import { CopyButton } from './copy-button';
import * as styles from './copy-field.css';

interface SecretUrlFieldProps {
  /** The field's id, for its label's htmlFor. */
  id: string;
  url: string;
  disabled?: boolean;
}

/**
 * A webhook URL, its token masked until Reveal is pressed (the URL is a credential, and pages are shared as
 * screenshots), with Copy, which copies the whole URL either way.
 */
export function SecretUrlField({ id, url, disabled }: SecretUrlFieldProps) {
  const [revealed, setRevealed] = useState(false);
  return (
    <div className={styles.row}>
      <Input
        id={id}
        className={styles.value}
        readOnly
        value={revealed || !url ? url : maskWebhookUrl(url)}
        onFocus={(e) => e.currentTarget.select()}
      />
      <Button
        type="button"
        variant="outline"
        aria-pressed={revealed}
        disabled={disabled}
        onClick={() => setRevealed((shown) => !shown)}
      >
        {revealed ? 'Hide' : 'Reveal'}
      </Button>
      <CopyButton text={url} label="Copy URL" disabled={disabled} />
    </div>
  );
}
