/** Build-time settings. The API lives on the same origin unless VITE_API_URL says otherwise. */
export const env = {
  apiUrl: (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') ?? '',
  productName: 'SignalDeck',
} as const;
