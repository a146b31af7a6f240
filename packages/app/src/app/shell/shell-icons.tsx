import type { NavSection } from './nav';

const PATHS: Record<NavSection['icon'], string> = {
  trading: 'M4 19V5m0 14h16M8 15v-4m4 4V8m4 7v-6',
  signals: 'M4 12h3l2-6 4 12 2-6h5',
  performance: 'M4 18l5-6 4 3 7-9',
  settings:
    'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zm0-5v2m0 12v2m8-8h-2M6 12H4m13.7-5.7-1.4 1.4M7.7 16.3l-1.4 1.4m0-11.4 1.4 1.4m8.6 8.6 1.4 1.4',
};

/** The sidebar's section icons (decorative; each item is labelled by its text). */
export function SectionIcon({ name }: { name: NavSection['icon'] }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

export function ChevronRight({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="m9 18 6-6-6-6" />
    </svg>
  );
}
