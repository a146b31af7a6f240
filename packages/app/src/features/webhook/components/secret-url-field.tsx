import { Button } from 'dashboard-kit';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { maskWebhookUrl } from '../../paper/settings-form';
import { CopyButton } from './copy-button';
import * as styles from './copy-field.css';

interface SecretUrlFieldProps {
  /** The field's id, for its label's htmlFor. */
  id: string;
  url: string;
  disabled?: boolean;
}

/** Grows the box to its wrapped lines where CSS cannot (a browser without `field-sizing`), again on resizes. */
function useFitToLines(ref: RefObject<HTMLTextAreaElement | null>, text: string) {
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || typeof CSS === 'undefined' || typeof CSS.supports !== 'function') return;
    if (CSS.supports('field-sizing', 'content')) return;
    const fit = () => {
      box.style.height = 'auto';
      box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [ref, text]);
}

/**
 * A webhook URL, its token masked until Reveal is pressed (the URL is a credential, and pages are shared as
 * screenshots), with Copy, which copies the whole URL either way. The URL wraps rather than being cut, so a phone
 * shows its host and, at its end, the mask.
 */
export function SecretUrlField({ id, url, disabled }: SecretUrlFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const shown = revealed || !url ? url : maskWebhookUrl(url);
  const box = useRef<HTMLTextAreaElement>(null);
  useFitToLines(box, shown);
  return (
    <div className={styles.row}>
      <textarea
        ref={box}
        id={id}
        className={styles.value}
        readOnly
        rows={1}
        spellCheck={false}
        value={shown}
        onFocus={(e) => e.currentTarget.select()}
      />
      <Button
        type="button"
        variant="outline"
        aria-pressed={revealed}
        disabled={disabled}
        onClick={() => setRevealed((was) => !was)}
      >
        {revealed ? 'Hide' : 'Reveal'}
      </Button>
      <CopyButton text={url} label="Copy URL" disabled={disabled} />
    </div>
  );
}
