// (b) lightweight-charts, the reference: candles, a volume histogram and an OHLCV legend, like
// ours, mounted by a React component as an app would. Live ticks call its own `update()` directly
// (the cheapest path it offers), not through React.
import { CandlestickSeries, createChart, HistogramSeries } from 'lightweight-charts';
import { useLayoutEffect, useRef } from 'react';
import { HEIGHT, startBench, WIDTH } from './harness.js';

const UP = '#26a69a';
const DOWN = '#ef5350';
let candleSeries;
let volumeSeries;

const bar = (c) => ({ time: c.time / 1000, open: c.open, high: c.high, low: c.low, close: c.close });
const volume = (c) => ({ time: c.time / 1000, value: c.volume, color: c.close < c.open ? DOWN : UP });

function LightweightChart({ candles }) {
  const chartRef = useRef(null);
  const legendRef = useRef(null);
  useLayoutEffect(() => {
    const chart = createChart(chartRef.current, {
      width: WIDTH,
      height: HEIGHT,
      layout: { background: { color: '#12151c' }, textColor: '#9aa3b5' },
      grid: { vertLines: { color: '#1b1f29' }, horzLines: { color: '#1b1f29' } },
      timeScale: { barSpacing: 8, rightOffset: 0, timeVisible: true },
    });
    candleSeries = chart.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      wickUpColor: UP,
      wickDownColor: DOWN,
      borderVisible: false,
    });
    volumeSeries = chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceScaleId: '' });
    volumeSeries.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    candleSeries.setData(candles.map(bar));
    volumeSeries.setData(candles.map(volume));
    chart.subscribeCrosshairMove((param) => {
      const data = param.seriesData.get(candleSeries);
      if (data) {
        legendRef.current.textContent = `O ${data.open.toFixed(2)} H ${data.high.toFixed(2)} L ${data.low.toFixed(2)} C ${data.close.toFixed(2)}`;
      }
    });
    return () => chart.remove();
    // Mounted once with the initial history; ticks go through `update` below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div style={{ position: 'relative' }}>
      <div
        ref={legendRef}
        style={{ position: 'absolute', left: 8, top: 4, zIndex: 3, font: '12px monospace', color: '#e6e8ee' }}
      />
      <div ref={chartRef} />
    </div>
  );
}

startBench({
  render: (candles) => <LightweightChart candles={candles} />,
  update(candles) {
    const last = candles[candles.length - 1];
    candleSeries.update(bar(last));
    volumeSeries.update(volume(last));
  },
});
