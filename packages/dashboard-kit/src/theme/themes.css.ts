import { createGlobalTheme } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { baseTokens } from './tokens';

/**
 * Dark is the default: it applies at :root and wherever `data-theme="dark"` is set.
 * Light applies wherever `data-theme="light"` is set (declared after dark so it wins at equal
 * specificity). Portals re-apply `data-theme` so they follow the active theme.
 */
createGlobalTheme(':root, [data-theme="dark"]', vars, {
  ...baseTokens,
  color: {
    background: '#0b0d12',
    foreground: '#e6e8ee',
    surface: '#12151c',
    surfaceForeground: '#e6e8ee',
    muted: '#1b1f29',
    mutedForeground: '#9aa3b5',
    accent: '#232836',
    accentForeground: '#f2f4f8',
    primary: '#e6e8ee',
    primaryForeground: '#11141b',
    border: '#262b38',
    input: '#2e3444',
    ring: '#7aa2ff',
    overlay: 'rgba(0, 0, 0, 0.6)',
    danger: '#f26d6d',
    dangerForeground: '#1a0b0b',
    success: '#3ecf8e',
    successForeground: '#07170f',
    warning: '#f5b74f',
    warningForeground: '#1c1405',
    up: '#26a69a',
    down: '#ef5350',
    sidebar: '#0f1218',
    sidebarForeground: '#d5d9e2',
    sidebarAccent: '#1d2230',
    sidebarAccentForeground: '#f2f4f8',
    sidebarBorder: '#222735',
    highlight: 'rgba(122, 162, 255, 0.16)',
  },
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 4px 12px rgba(0, 0, 0, 0.45)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.55)',
  },
});

createGlobalTheme('[data-theme="light"]', vars, {
  ...baseTokens,
  color: {
    background: '#ffffff',
    foreground: '#0f172a',
    surface: '#ffffff',
    surfaceForeground: '#0f172a',
    muted: '#f1f5f9',
    mutedForeground: '#526075',
    accent: '#eef2f7',
    accentForeground: '#0f172a',
    primary: '#111827',
    primaryForeground: '#f8fafc',
    border: '#e2e8f0',
    input: '#cbd5e1',
    ring: '#2563eb',
    overlay: 'rgba(15, 23, 42, 0.45)',
    danger: '#c62828',
    dangerForeground: '#ffffff',
    success: '#137a4b',
    successForeground: '#ffffff',
    warning: '#9a5b00',
    warningForeground: '#ffffff',
    up: '#0b7d6f',
    down: '#c62828',
    sidebar: '#f8fafc',
    sidebarForeground: '#1e293b',
    sidebarAccent: '#e9eef5',
    sidebarAccentForeground: '#0f172a',
    sidebarBorder: '#e2e8f0',
    highlight: 'rgba(37, 99, 235, 0.12)',
  },
  shadow: {
    sm: '0 1px 2px rgba(15, 23, 42, 0.08)',
    md: '0 4px 12px rgba(15, 23, 42, 0.12)',
    lg: '0 12px 32px rgba(15, 23, 42, 0.18)',
  },
});
