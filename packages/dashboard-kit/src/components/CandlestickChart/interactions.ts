import { useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { Crosshair } from './crosshair';
import { indexAtX, slotWidth } from './geometry';
import { usePlotGestures } from './gestures';
import type { ChartModel } from './model';
import { seriesLength } from './series';
import { panViewport, visibleRange, zoomViewport, type Viewport } from './viewport';

const KEY_ZOOM = 1.25;
/** One wheel notch (100 px in Chromium and Firefox) zooms by about 10% of the visible range. */
export const WHEEL_ZOOM_PER_PX = Math.log(1.1) / 100;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The state gestures and keys act on: the last render's view, read from a ref by event handlers. */
interface Plan {
  viewport: Viewport;
  model: ChartModel;
  baseMs: number;
}

export interface ChartInteractionsInput {
  surfaceRef: RefObject<HTMLElement | null>;
  crosshair: Crosshair;
  model: ChartModel;
  viewport: Viewport;
  baseMs: number;
  setViewport: (next: Viewport) => void;
}

export interface ChartInteractions {
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onBlur: () => void;
  /** Back to the live edge, keeping the zoom, with focus on the plot. */
  goToLatest: () => void;
}

/**
 * How the plot answers the trader: hover and tap move the crosshair, drag and wheel pan, pinch,
 * wheel and +/- zoom, arrow keys, Home and End move the crosshair from candle to candle (scrolling
 * the view past either edge). Handlers read the last rendered model from a ref, so they never
 * cause a render of their own beyond the viewport they set.
 */
export function useChartInteractions({
  surfaceRef,
  crosshair,
  model,
  viewport,
  baseMs,
  setViewport,
}: ChartInteractionsInput): ChartInteractions {
  const planRef = useRef<Plan | null>(null);
  useLayoutEffect(() => {
    planRef.current = { viewport, model, baseMs };
  });

  /** Zooms the view `plan` describes, keeping the candle at `anchor` (a fraction of the width) in place. */
  const zoomFrom = (plan: Plan, scale: number, anchor: number) =>
    setViewport(
      zoomViewport(plan.viewport, plan.model.series, plan.model.window, {
        scale,
        anchor,
        baseMs: plan.baseMs,
        span: plan.model.span,
        baseCount: plan.model.baseCount,
        plotWidth: plan.model.frame.plotRight,
      }),
    );

  /** Zooms around `anchor`, or the crosshair, or the middle. */
  const zoomBy = (scale: number, anchor?: number) => {
    const plan = planRef.current;
    if (!plan) return;
    const active = crosshair.activeIndex();
    const { window } = plan.model;
    zoomFrom(plan, scale, anchor ?? (active === null ? 0.5 : (active - window.start + 0.5) / window.count));
  };

  // Where a drag or pinch started; each move is applied to it, so the gesture never drifts.
  const gestureOrigin = useRef<{ plan: Plan; anchor: number; slots: number } | null>(null);
  usePlotGestures(surfaceRef, {
    hover: (x, y) => crosshair.pointAt(x, y),
    leave: () => crosshair.hide(),
    tap: (x, y) => {
      const plan = planRef.current;
      const tapped = plan && indexAtX(x, plan.model.window, plan.model.frame);
      if (crosshair.isVisible() && crosshair.activeIndex() === tapped) crosshair.hide();
      else crosshair.pointAt(x, y);
    },
    panStart: () => {
      crosshair.hide();
      if (planRef.current) gestureOrigin.current = { plan: planRef.current, anchor: 0, slots: 0 };
    },
    pan: (dx) => {
      const origin = gestureOrigin.current;
      if (!origin) return;
      const { model } = origin.plan;
      const slots = Math.round(dx / slotWidth(model.frame, model.window));
      if (slots === origin.slots) return;
      origin.slots = slots;
      setViewport(panViewport(origin.plan.viewport, model.series, model.window, slots));
    },
    pinchStart: (x) => {
      crosshair.hide();
      const plan = planRef.current;
      if (plan) gestureOrigin.current = { plan, anchor: x / plan.model.frame.plotRight, slots: 0 };
    },
    pinch: (scale) => {
      const origin = gestureOrigin.current;
      if (origin) zoomFrom(origin.plan, scale, origin.anchor);
    },
    wheel: (dx, dy, x) => {
      const plan = planRef.current;
      if (!plan) return;
      const { model } = plan;
      if (Math.abs(dx) > Math.abs(dy)) {
        setViewport(panViewport(plan.viewport, model.series, model.window, -dx / slotWidth(model.frame, model.window)));
      } else if (dy !== 0) {
        zoomBy(Math.exp(dy * WHEEL_ZOOM_PER_PX), x / model.frame.plotRight);
      }
    },
  });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const plan = planRef.current;
    if (!plan || event.ctrlKey || event.metaKey || event.altKey) return;
    const { model } = plan;
    const [firstVisible, lastVisible] = visibleRange(model.window);
    const active = crosshair.activeIndex();
    let target: number | null = null;
    switch (event.key) {
      case 'ArrowLeft':
        target = active === null ? lastVisible : active - 1;
        break;
      case 'ArrowRight':
        target = active === null ? lastVisible : active + 1;
        break;
      case 'Home':
        target = firstVisible;
        break;
      case 'End':
        target = lastVisible;
        break;
      case 'Escape':
        // Only claim Escape when there is something to hide, so it can still close a dialog around us.
        if (!crosshair.isVisible()) return;
        crosshair.hide();
        break;
      case '+':
      case '=':
        zoomBy(1 / KEY_ZOOM);
        break;
      case '-':
      case '_':
        zoomBy(KEY_ZOOM);
        break;
      default:
        return;
    }
    event.preventDefault();
    if (target === null) return;
    target = clamp(target, 0, seriesLength(model.series) - 1);
    // Moving past either edge scrolls the view one candle with the crosshair.
    if (target < firstVisible || target > lastVisible) {
      setViewport(
        panViewport(
          plan.viewport,
          model.series,
          model.window,
          target < firstVisible ? firstVisible - target : lastVisible - target,
        ),
      );
    }
    crosshair.selectIndex(target);
  };

  const onBlur = () => {
    if (crosshair.isSelected()) crosshair.hide();
  };

  const goToLatest = () => {
    setViewport({ span: viewport.span, endTime: null });
    surfaceRef.current?.focus();
  };

  return { onKeyDown, onBlur, goToLatest };
}
