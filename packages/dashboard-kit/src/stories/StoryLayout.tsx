import type { ReactNode } from 'react';
import { ThemeScope } from '../components/ThemeProvider/ThemeProvider';
import * as styles from './StoryLayout.css';

/** Story-only layout helpers; not part of the published kit. */

export function Stack({ children }: { children: ReactNode }) {
  return <div className={styles.stack}>{children}</div>;
}

export function Row({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}

export function Caption({ children }: { children: ReactNode }) {
  return <p className={styles.caption}>{children}</p>;
}

/** The same content drawn in the light and the dark theme, side by side. */
export function BothThemes({ children }: { children: ReactNode }) {
  return (
    <div className={styles.themes}>
      {(['light', 'dark'] as const).map((theme) => (
        <ThemeScope key={theme} theme={theme} className={styles.themePane}>
          <Caption>{theme}</Caption>
          {children}
        </ThemeScope>
      ))}
    </div>
  );
}

/** A 375px-wide frame, the width of a common phone. */
export function PhoneFrame({ children }: { children: ReactNode }) {
  return <div className={styles.phone}>{children}</div>;
}

/**
 * A frame that plays the browser window for layouts fixed to the window's edges (the sidebar
 * shell). `height` overrides its default, which fills the canvas above Ladle's toolbar.
 */
export function WindowFrame({ children, height }: { children: ReactNode; height?: string }) {
  return (
    <div className={styles.windowFrame} style={height ? { height } : undefined}>
      {children}
    </div>
  );
}
