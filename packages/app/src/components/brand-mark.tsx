/** The SignalDeck mark: three candles. Decorative; the product name always stands beside it. */
export function BrandMark({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="currentColor" opacity="0.12" />
      <path d="M9 8v16" stroke="var(--dk-color-up)" strokeWidth="2.5" strokeLinecap="round" />
      <rect x="7" y="12" width="4" height="8" rx="1" fill="var(--dk-color-up)" />
      <path d="M16 6v20" stroke="var(--dk-color-down)" strokeWidth="2.5" strokeLinecap="round" />
      <rect x="14" y="10" width="4" height="10" rx="1" fill="var(--dk-color-down)" />
      <path d="M23 9v14" stroke="var(--dk-color-up)" strokeWidth="2.5" strokeLinecap="round" />
      <rect x="21" y="13" width="4" height="6" rx="1" fill="var(--dk-color-up)" />
    </svg>
  );
}
