// (a) SignalDeck's CandlestickChart, built from the kit's source as the app uses it. Live ticks
// go the way the app's do: new candles in state, rendered by React.
import { useState } from 'react';
import { flushSync } from 'react-dom';
import '../../src/theme/themes.css.ts';
import '../../src/theme/global.css.ts';
import { CandlestickChart } from '../../src/components/CandlestickChart/index.ts';
import { HEIGHT, startBench } from './harness.js';

let setCandles = null;

function PairPage({ initial }) {
  const [candles, set] = useState(initial);
  setCandles = set;
  return <CandlestickChart candles={candles} interval="1m" symbol="BTC/USD" height={HEIGHT} />;
}

startBench({
  render: (candles) => <PairPage initial={candles} />,
  update(candles) {
    flushSync(() => setCandles(candles));
  },
});
