import { createGlobalThemeContract } from '@vanilla-extract/css';

/**
 * The one theme contract. Every colour, space, radius, font and size in the kit reads from here.
 * Names are stable and prefixed (`--dk-*`) so a consumer can override any token from plain CSS.
 */
export const vars = createGlobalThemeContract(
  {
    color: {
      background: 'color-background',
      foreground: 'color-foreground',
      surface: 'color-surface',
      surfaceForeground: 'color-surface-foreground',
      muted: 'color-muted',
      mutedForeground: 'color-muted-foreground',
      accent: 'color-accent',
      accentForeground: 'color-accent-foreground',
      primary: 'color-primary',
      primaryForeground: 'color-primary-foreground',
      border: 'color-border',
      input: 'color-input',
      ring: 'color-ring',
      overlay: 'color-overlay',
      danger: 'color-danger',
      dangerForeground: 'color-danger-foreground',
      success: 'color-success',
      successForeground: 'color-success-foreground',
      warning: 'color-warning',
      warningForeground: 'color-warning-foreground',
      up: 'color-up',
      down: 'color-down',
      sidebar: 'color-sidebar',
      sidebarForeground: 'color-sidebar-foreground',
      sidebarAccent: 'color-sidebar-accent',
      sidebarAccentForeground: 'color-sidebar-accent-foreground',
      sidebarBorder: 'color-sidebar-border',
      highlight: 'color-highlight',
    },
    space: {
      '0': 'space-0',
      '1': 'space-1',
      '2': 'space-2',
      '3': 'space-3',
      '4': 'space-4',
      '5': 'space-5',
      '6': 'space-6',
      '8': 'space-8',
      '10': 'space-10',
      '12': 'space-12',
    },
    radius: {
      sm: 'radius-sm',
      md: 'radius-md',
      lg: 'radius-lg',
      full: 'radius-full',
    },
    font: {
      body: 'font-body',
      mono: 'font-mono',
    },
    fontSize: {
      xs: 'font-size-xs',
      sm: 'font-size-sm',
      md: 'font-size-md',
      lg: 'font-size-lg',
      xl: 'font-size-xl',
      '2xl': 'font-size-2xl',
    },
    fontWeight: {
      regular: 'font-weight-regular',
      medium: 'font-weight-medium',
      semibold: 'font-weight-semibold',
      bold: 'font-weight-bold',
    },
    lineHeight: {
      tight: 'line-height-tight',
      normal: 'line-height-normal',
    },
    shadow: {
      sm: 'shadow-sm',
      md: 'shadow-md',
      lg: 'shadow-lg',
    },
    size: {
      sidebarWidth: 'size-sidebar-width',
      sidebarWidthMobile: 'size-sidebar-width-mobile',
      sidebarWidthIcon: 'size-sidebar-width-icon',
      headerHeight: 'size-header-height',
      control: 'size-control',
      controlSm: 'size-control-sm',
    },
    duration: {
      fast: 'duration-fast',
      normal: 'duration-normal',
    },
    zIndex: {
      overlay: 'z-overlay',
      popover: 'z-popover',
      tooltip: 'z-tooltip',
    },
  },
  (value) => `dk-${value}`,
);
