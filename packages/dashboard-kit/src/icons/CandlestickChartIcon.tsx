import { createIcon } from './createIcon';

/** Two candles with their wicks: a price chart. */
export const CandlestickChartIcon = createIcon(
  'CandlestickChartIcon',
  <>
    <path d="M8 3v4M8 17v4M16 5v3M16 15v4" />
    <rect x="5" y="7" width="6" height="10" rx="1" />
    <rect x="13" y="8" width="6" height="7" rx="1" />
  </>,
);
