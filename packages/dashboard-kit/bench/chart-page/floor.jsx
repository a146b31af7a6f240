// (c) The floor: a hand-rolled SVG renderer, no chart library, the least work an SVG chart can do
// (one path per candle, one rect per volume bar, the crosshair moved in an animation frame).
import { useLayoutEffect, useRef } from 'react';
import { HEIGHT, startBench, WIDTH } from './harness.js';

const SVG = 'http://www.w3.org/2000/svg';
const SLOT = 8;
const AXIS = 80;
const PRICE_BOTTOM = HEIGHT * 0.72;
const VOLUME_TOP = HEIGHT * 0.76;
const VOLUME_BOTTOM = HEIGHT - 24;
const VISIBLE = Math.floor((WIDTH - AXIS) / SLOT);

let paths = [];
let bars = [];
let labels = [];
let range = [0, 1];
let volumeMax = 1;
let shown = [];

const element = (name, attributes) => {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
};
const y = (price) => 8 + ((range[1] - price) / (range[1] - range[0])) * (PRICE_BOTTOM - 8);

function drawCandle(i) {
  const c = shown[i];
  const x = i * SLOT + SLOT / 2;
  const top = y(Math.max(c.open, c.close));
  const body = Math.max(1, y(Math.min(c.open, c.close)) - top);
  const colour = c.close < c.open ? '#ef5350' : '#26a69a';
  paths[i].setAttribute('d', `M${x},${y(c.high)}V${y(c.low)}M${x - 3},${top}h6v${body}h-6Z`);
  paths[i].setAttribute('fill', colour);
  paths[i].setAttribute('stroke', colour);
  const h = (c.volume / volumeMax) * (VOLUME_BOTTOM - VOLUME_TOP);
  bars[i].setAttribute('x', x - 3);
  bars[i].setAttribute('y', VOLUME_BOTTOM - h);
  bars[i].setAttribute('height', h);
  bars[i].setAttribute('fill', colour);
}

/** Widens the price range when the candles leave it; true when it changed. */
function fit() {
  const low = Math.min(...shown.map((c) => c.low));
  const high = Math.max(...shown.map((c) => c.high));
  const changed = low < range[0] || high > range[1];
  if (changed) range = [low - (high - low) * 0.08, high + (high - low) * 0.08];
  const max = Math.max(...shown.map((c) => c.volume));
  if (max > volumeMax) volumeMax = max * 1.25;
  return changed;
}

function drawAll() {
  shown.forEach((_, i) => drawCandle(i));
  labels.forEach((label, i) => {
    const price = range[0] + ((i + 0.5) / labels.length) * (range[1] - range[0]);
    label.setAttribute('y', y(price));
    label.textContent = price.toFixed(2);
  });
}

function buildChart(container, candles) {
  const svg = element('svg', { width: WIDTH, height: HEIGHT });
  shown = candles.slice(-VISIBLE);
  range = [Infinity, -Infinity];
  fit();
  paths = shown.map(() => svg.appendChild(element('path', {})));
  bars = shown.map(() => svg.appendChild(element('rect', { width: 6, opacity: 0.4 })));
  labels = Array.from({ length: 8 }, () =>
    svg.appendChild(
      element('text', { x: WIDTH - AXIS + 6, fill: '#9aa3b5', 'font-size': 12, 'font-family': 'monospace' }),
    ),
  );
  drawAll();
  const vertical = document.createElement('div');
  const legend = document.createElement('div');
  vertical.style.cssText =
    'position:absolute;top:0;left:0;width:1px;height:100%;background:#9aa3b5;pointer-events:none';
  legend.style.cssText = 'position:absolute;left:8px;top:4px;font:12px monospace;color:#e6e8ee';
  container.append(svg, vertical, legend);
  let pending = null;
  svg.addEventListener('pointermove', (event) => {
    const first = pending === null;
    pending = event.offsetX;
    if (!first) return;
    requestAnimationFrame(() => {
      const i = Math.min(shown.length - 1, Math.max(0, Math.floor(pending / SLOT)));
      const c = shown[i];
      vertical.style.transform = `translateX(${i * SLOT + SLOT / 2}px)`;
      legend.textContent = `O ${c.open.toFixed(2)} H ${c.high.toFixed(2)} L ${c.low.toFixed(2)} C ${c.close.toFixed(2)}`;
      pending = null;
    });
  });
  return () => container.replaceChildren();
}

function SvgFloor({ candles }) {
  const ref = useRef(null);
  // Built once with the initial history; ticks go through `update` below.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => buildChart(ref.current, candles), []);
  return <div ref={ref} style={{ position: 'relative', background: '#12151c' }} />;
}

startBench({
  render: (candles) => <SvgFloor candles={candles} />,
  update(candles, kind) {
    shown = kind === 'close' ? candles.slice(-VISIBLE) : [...shown.slice(0, -1), candles[candles.length - 1]];
    if (fit() || kind === 'close') drawAll();
    else drawCandle(shown.length - 1);
  },
});
