import { memo } from 'react';
import * as styles from './CandlestickChart.css';
import { yOfPrice, type PlotFrame } from './geometry';
import type { Range } from './scales';
import type { PriceLine } from './types';

interface PriceLineLayerProps {
  lines: readonly PriceLine[];
  frame: PlotFrame;
  priceRange: Range;
  tagHeight: number;
  formatPrice: (value: number) => string;
}

const LABEL_INSET_PX = 6;

/**
 * Price lines (an open position's entry, stop and target) across the plot, each with its price
 * tagged on the axis and its label on the line. A line off the price scale is drawn as a label with
 * an arrow at the plot's top or bottom edge. Depends on the price scale only, so a live tick that
 * keeps the scale leaves it alone, and panning or zooming keeps every line.
 */
export const PriceLineLayer = memo(function PriceLineLayer({
  lines,
  frame,
  priceRange,
  tagHeight,
  formatPrice,
}: PriceLineLayerProps) {
  if (lines.length === 0) return null;
  const { plotRight, priceTop, priceBottom, width } = frame;
  return (
    <g data-slot="price-lines">
      {lines.map((line) => {
        const y = yOfPrice(line.price, priceRange, frame);
        const offScale = y < priceTop ? 'above' : y > priceBottom ? 'below' : null;
        const text = `${line.label} ${formatPrice(line.price)}`;
        if (offScale) {
          // At the edge the price is beyond: an arrow says which way.
          const edgeY = offScale === 'above' ? priceTop + tagHeight / 2 : priceBottom - tagHeight / 2;
          return (
            <g key={line.id} data-slot="price-line" data-kind={line.kind} data-off-scale={offScale}>
              <text
                className={styles.priceLineLabel({ kind: line.kind })}
                x={plotRight - LABEL_INSET_PX}
                y={edgeY}
                textAnchor="end"
                dominantBaseline="central"
              >
                {offScale === 'above' ? '↑' : '↓'} {text}
              </text>
            </g>
          );
        }
        const tagTop = Math.min(Math.max(0, y - tagHeight / 2), frame.height - tagHeight);
        return (
          <g key={line.id} data-slot="price-line" data-kind={line.kind}>
            <line className={styles.priceLine({ kind: line.kind })} x1={0} x2={plotRight} y1={y} y2={y} />
            <rect
              className={styles.priceLineTag({ kind: line.kind })}
              x={plotRight}
              y={tagTop}
              width={width - plotRight}
              height={tagHeight}
            />
            <text
              className={styles.priceLineTagText({ kind: line.kind })}
              x={plotRight + 6}
              y={tagTop + tagHeight / 2}
              dominantBaseline="central"
            >
              {formatPrice(line.price)}
            </text>
            <text
              className={styles.priceLineLabel({ kind: line.kind })}
              x={plotRight - LABEL_INSET_PX}
              y={Math.max(priceTop + tagHeight / 2, y - tagHeight / 2)}
              textAnchor="end"
              dominantBaseline="central"
            >
              {line.label}
            </text>
          </g>
        );
      })}
    </g>
  );
});
