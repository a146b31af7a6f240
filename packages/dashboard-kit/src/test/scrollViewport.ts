import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom has no layout. For the tests of one file, gives every element whose `data-slot` is
 * `slot` (a virtualised table's scroller) a viewport of this size, a scroll height taller than
 * any list, and a `scrollTo` that scrolls and fires `scroll`: the virtualiser then renders the
 * rows a browser would. Every other element measures 0, as jsdom's do.
 */
export function stubScrollViewport(slot: string, viewport: { width: number; height: number }): void {
  const sizeOf = (element: HTMLElement, side: 'width' | 'height') =>
    element.dataset?.slot === slot ? viewport[side] : 0;
  const originalClientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  const originalClientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  const originalScrollHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight');
  const originalScrollTo = HTMLElement.prototype.scrollTo;

  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return sizeOf(this, 'height');
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return sizeOf(this, 'width');
      },
    });
    Object.defineProperty(Element.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.dataset?.slot === slot ? 10_000_000 : 0;
      },
    });
    HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: ScrollToOptions | number) {
      if (typeof options !== 'object' || options.top === undefined) return;
      this.scrollTop = options.top;
      this.dispatchEvent(new Event('scroll'));
    } as typeof HTMLElement.prototype.scrollTo;
  });

  afterAll(() => {
    if (originalClientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', originalClientHeight);
    if (originalClientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', originalClientWidth);
    if (originalScrollHeight) Object.defineProperty(Element.prototype, 'scrollHeight', originalScrollHeight);
    HTMLElement.prototype.scrollTo = originalScrollTo;
  });
}
