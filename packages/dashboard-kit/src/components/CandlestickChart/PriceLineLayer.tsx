import { clsx } from 'clsx';
import { memo } from 'react';
import * as styles from './CandlestickChart.css';
import type { PlotFrame } from './geometry';
import { PRICE_LINE_KINDS, TAG_OUTLINE_PX } from './price-line-kinds';
import { TAG_LEADER_PX, type PriceLineLayout } from './price-lines';

interface PriceLineLayerProps {
  items: readonly PriceLineLayout[];
  /** Each item's price tag's top on the axis, from `placePriceTags` (null for a line off the scale). */
  tagTops: readonly (number | null)[];
  frame: PlotFrame;
  tagHeight: number;
  formatPrice: (value: number) => string;
}

/**
 * Price lines (an open position's entry, stop and target) across the plot, each with its price tagged on the
 * axis and its label on the line where `layoutPriceLines` put it. A tag sits where `placePriceTags` put it,
 * clear of the last price's tag; it is filled or outlined by kind, so a stop's never reads as the last price's;
 * a line whose tag stepped aside bends to it just before the axis. A line off the price scale is drawn as a
 * label with an arrow at the plot's top or bottom edge. Depends on the price scale, the trades' pins and the
 * tags' places only, so a live tick that keeps the scale and moves no tag leaves it alone, and panning or
 * zooming keeps every line.
 */
export const PriceLineLayer = memo(function PriceLineLayer({
  items,
  tagTops,
  frame,
  tagHeight,
  formatPrice,
}: PriceLineLayerProps) {
  if (items.length === 0) return null;
  const { plotRight, width } = frame;
  return (
    <g data-slot="price-lines">
      {items.map(({ line, y, offScale, text, label }, index) => {
        const tagTop = tagTops[index] ?? null;
        const appearance = PRICE_LINE_KINDS[line.kind].tag;
        // An outline's stroke is centred on the rect's edge: drawn half a pixel in, it is whole on the axis.
        const inset = appearance === 'outlined' ? TAG_OUTLINE_PX / 2 : 0;
        const tagMiddle = tagTop === null ? null : tagTop + tagHeight / 2;
        // A tag stepped aside (off the last price's, say) is led to from its line, which bends to it by the axis.
        const leader = !offScale && tagMiddle !== null && Math.abs(tagMiddle - y) >= 1 ? tagMiddle : null;
        const lineEnd = leader === null ? plotRight : plotRight - TAG_LEADER_PX;
        return (
          <g key={line.id} data-slot="price-line" data-kind={line.kind} data-off-scale={offScale ?? undefined}>
            {!offScale && <line className={styles.priceLine({ kind: line.kind })} x1={0} x2={lineEnd} y1={y} y2={y} />}
            {leader !== null && (
              <line
                className={clsx(styles.priceLine({ kind: line.kind }), styles.priceLineLeader)}
                data-slot="price-line-leader"
                x1={lineEnd}
                y1={y}
                x2={plotRight}
                y2={leader}
              />
            )}
            {tagTop !== null && (
              <>
                <rect
                  className={styles.priceLineTag({ kind: line.kind })}
                  data-slot="price-line-tag"
                  data-appearance={appearance}
                  x={plotRight + inset}
                  y={tagTop + inset}
                  width={width - plotRight - 2 * inset}
                  height={tagHeight - 2 * inset}
                />
                <text
                  className={styles.priceLineTagText({ kind: line.kind })}
                  x={plotRight + 6}
                  y={tagTop + tagHeight / 2}
                  dominantBaseline="central"
                >
                  {formatPrice(line.price)}
                </text>
              </>
            )}
            {label && (
              <text
                className={styles.priceLineLabel({ kind: line.kind })}
                data-slot="price-line-label"
                x={label.left + label.width}
                y={label.top + label.height / 2}
                textAnchor="end"
                dominantBaseline="central"
              >
                {text}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
});
