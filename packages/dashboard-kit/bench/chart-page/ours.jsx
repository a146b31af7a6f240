// (a) SignalDeck's CandlestickChart, built from the kit's source as the app uses it. Live ticks
// go the way the app's do: new candles in state, rendered by React.
import { useState } from 'react';
import { flushSync } from 'react-dom';
import '../../src/theme/themes.css.ts';
import '../../src/theme/global.css.ts';
import { CandlestickChart } from '../../src/components/CandlestickChart/index.ts';
import { HEIGHT, startBench } from './harness.js';

let setCandles = null;

// `?indicators=1`: two overlays and one pane, as a trader might have them.
const INDICATORS = new URLSearchParams(location.search).has('indicators')
  ? { sma: 20, ema: null, bollinger: true, vwap: false, rsi: true, macd: false }
  : undefined;

function PairPage({ initial }) {
  const [candles, set] = useState(initial);
  setCandles = set;
  return <CandlestickChart candles={candles} interval="1m" symbol="BTC/USD" height={HEIGHT} indicators={INDICATORS} />;
}

startBench({
  render: (candles) => <PairPage initial={candles} />,
  update(candles) {
    flushSync(() => setCandles(candles));
  },
});
