import { forwardRef, useRef, type ComponentType } from 'react';
import type { IconProps } from '../../icons/createIcon';
import { MonitorIcon } from '../../icons/MonitorIcon';
import { MoonIcon } from '../../icons/MoonIcon';
import { SunIcon } from '../../icons/SunIcon';
import type { ThemePreference } from '../../theme/theme-script';
import { Button, type ButtonProps } from '../Button/Button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
  type DropdownMenuContentProps,
} from '../DropdownMenu/DropdownMenu';
import { useTheme } from '../ThemeProvider/ThemeProvider';
import * as styles from './ThemeToggle.css';

const preferences: readonly ThemePreference[] = ['light', 'dark', 'system'];

const icons: Record<ThemePreference, ComponentType<IconProps>> = {
  light: SunIcon,
  dark: MoonIcon,
  system: MonitorIcon,
};

const defaultOptionLabels: Record<ThemePreference, string> = {
  light: 'Light',
  dark: 'Dark',
  system: 'System',
};

function isPreference(value: string): value is ThemePreference {
  return (preferences as readonly string[]).includes(value);
}

export interface ThemeToggleProps extends Omit<ButtonProps, 'asChild' | 'children'> {
  /** The button's accessible name, and its visible text with `display="label"`. */
  label?: string;
  /** Names of the three options, for translation. */
  optionLabels?: Partial<Record<ThemePreference, string>>;
  /** `icon`: a square button showing the current preference's icon; `label`: icon and text. */
  display?: 'icon' | 'label';
  /** Which side of the button the menu opens on. */
  side?: DropdownMenuContentProps['side'];
  /** How the menu lines up with the button. */
  align?: DropdownMenuContentProps['align'];
}

/**
 * A button showing the current theme preference that opens a menu of Light, Dark and System.
 * Reads and sets the preference of the nearest `ThemeProvider`. Ref and rest props go to the button.
 */
export const ThemeToggle = forwardRef<HTMLButtonElement, ThemeToggleProps>(function ThemeToggle(
  { label = 'Theme', optionLabels, display = 'icon', side = 'bottom', align = 'end', variant = 'ghost', size, ...rest },
  ref,
) {
  const { theme, setTheme } = useTheme();
  const names = { ...defaultOptionLabels, ...optionLabels };
  const CurrentIcon = icons[theme];
  // Opened from the keyboard, the menu starts on the chosen preference (not the first), as a select would.
  const openedByKeyboard = useRef(false);
  const contentRef = useRef<HTMLDivElement>(null);
  const focusChosen = (open: boolean) => {
    if (!open || !openedByKeyboard.current) return;
    // After the menu's own focus on open (its first item).
    requestAnimationFrame(() =>
      contentRef.current?.querySelector<HTMLElement>('[role="menuitemradio"][aria-checked="true"]')?.focus(),
    );
  };

  return (
    <DropdownMenu onOpenChange={focusChosen}>
      <DropdownMenuTrigger asChild>
        <Button
          ref={ref}
          data-slot="theme-toggle"
          variant={variant}
          size={size ?? (display === 'icon' ? 'icon' : 'md')}
          aria-label={display === 'icon' ? label : undefined}
          // The icon shows which preference is on; this says it ("Theme, button, Dark"). The name stays the label.
          aria-description={names[theme]}
          {...rest}
          onKeyDown={(event) => {
            openedByKeyboard.current = true;
            rest.onKeyDown?.(event);
          }}
          onPointerDown={(event) => {
            openedByKeyboard.current = false;
            rest.onPointerDown?.(event);
          }}
        >
          <CurrentIcon data-slot="theme-toggle-icon" data-preference={theme} />
          {display === 'label' ? label : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent ref={contentRef} side={side} align={align} className={styles.content}>
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => isPreference(value) && setTheme(value)}>
          {preferences.map((preference) => {
            const Icon = icons[preference];
            return (
              <DropdownMenuRadioItem key={preference} value={preference}>
                <Icon />
                {names[preference]}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
});
