import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** What the plot does with pointer input; coordinates are relative to the plot's top-left corner. */
export interface GestureHandlers {
  /** A mouse moving over the plot without a button held. */
  hover(x: number, y: number): void;
  leave(): void;
  /** A touch or pen tap (down and up without moving). */
  tap(x: number, y: number): void;
  panStart(): void;
  /** Horizontal distance dragged since `panStart`, in pixels. */
  pan(dx: number): void;
  pinchStart(anchorX: number): void;
  /** Finger distance at the start over the distance now: above 1 zooms out. */
  pinch(scale: number): void;
  /** Wheel deltas in pixels, summed over one animation frame. */
  wheel(deltaX: number, deltaY: number, x: number): void;
}

const DRAG_THRESHOLD_PX = 4;
const LINE_PX = 16;

interface Drag {
  id: number;
  startX: number;
  moved: boolean;
}

/**
 * Mouse, touch and pen input for the plot: hover, drag to pan, pinch and wheel to zoom, tap to
 * place the crosshair. Listeners are native so the wheel can be claimed (React's is passive).
 */
export function usePlotGestures(ref: RefObject<HTMLElement | null>, handlers: GestureHandlers): void {
  const handlersRef = useRef(handlers);
  useLayoutEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const pointers = new Map<number, { x: number; y: number }>();
    let drag: Drag | null = null;
    let pinchStartDistance = 0;
    let wheel = { dx: 0, dy: 0, x: 0 };
    let wheelFrame: number | null = null;

    const local = (event: { clientX: number; clientY: number }) => {
      const rect = element.getBoundingClientRect();
      return { x: event.clientX - rect.left, y: event.clientY - rect.top };
    };
    const distance = () => {
      const [a, b] = [...pointers.values()];
      return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
    };
    const endDrag = () => {
      drag = null;
      delete element.dataset.dragging;
    };

    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      pointers.set(event.pointerId, local(event));
      if (pointers.size === 2) {
        endDrag();
        pinchStartDistance = distance();
        const xs = [...pointers.values()].map((point) => point.x);
        handlersRef.current.pinchStart((Math.min(...xs) + Math.max(...xs)) / 2);
      } else if (pointers.size === 1) {
        drag = { id: event.pointerId, startX: pointers.get(event.pointerId)?.x ?? 0, moved: false };
        try {
          element.setPointerCapture(event.pointerId);
        } catch {
          // The pointer may already be gone (a very short tap); the drag simply ends with it.
        }
      }
    };

    const onPointerMove = (event: PointerEvent) => {
      const point = local(event);
      if (pointers.has(event.pointerId)) pointers.set(event.pointerId, point);
      if (pointers.size >= 2 && pinchStartDistance > 0) {
        const now = distance();
        if (now > 0) handlersRef.current.pinch(pinchStartDistance / now);
        return;
      }
      if (drag && drag.id === event.pointerId) {
        const dx = point.x - drag.startX;
        if (!drag.moved && Math.abs(dx) >= DRAG_THRESHOLD_PX) {
          drag.moved = true;
          element.dataset.dragging = 'true';
          handlersRef.current.panStart();
        }
        if (drag.moved) handlersRef.current.pan(dx);
        return;
      }
      if (event.pointerType === 'mouse' && pointers.size === 0) handlersRef.current.hover(point.x, point.y);
    };

    const onPointerUp = (event: PointerEvent) => {
      if (drag && drag.id === event.pointerId && !drag.moved && event.pointerType !== 'mouse') {
        const point = local(event);
        handlersRef.current.tap(point.x, point.y);
      }
      pointers.delete(event.pointerId);
      if (pointers.size < 2) pinchStartDistance = 0;
      if (drag?.id === event.pointerId || pointers.size === 0) endDrag();
    };

    const onPointerCancel = (event: PointerEvent) => {
      pointers.delete(event.pointerId);
      if (pointers.size < 2) pinchStartDistance = 0;
      endDrag();
    };

    const onPointerLeave = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && !drag) handlersRef.current.leave();
    };

    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const unit = event.deltaMode === 1 ? LINE_PX : event.deltaMode === 2 ? element.clientHeight : 1;
      wheel = { dx: wheel.dx + event.deltaX * unit, dy: wheel.dy + event.deltaY * unit, x: local(event).x };
      if (wheelFrame !== null) return;
      wheelFrame = requestAnimationFrame(() => {
        wheelFrame = null;
        const { dx, dy, x } = wheel;
        wheel = { dx: 0, dy: 0, x: 0 };
        handlersRef.current.wheel(dx, dy, x);
      });
    };

    element.addEventListener('pointerdown', onPointerDown);
    element.addEventListener('pointermove', onPointerMove);
    element.addEventListener('pointerup', onPointerUp);
    element.addEventListener('pointercancel', onPointerCancel);
    element.addEventListener('pointerleave', onPointerLeave);
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      if (wheelFrame !== null) cancelAnimationFrame(wheelFrame);
      element.removeEventListener('pointerdown', onPointerDown);
      element.removeEventListener('pointermove', onPointerMove);
      element.removeEventListener('pointerup', onPointerUp);
      element.removeEventListener('pointercancel', onPointerCancel);
      element.removeEventListener('pointerleave', onPointerLeave);
      element.removeEventListener('wheel', onWheel);
    };
  }, [ref]);
}
