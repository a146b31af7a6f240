import { act, render } from '@testing-library/react';
import { createRef, type ReactElement, type Ref } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';

interface ConformanceOptions<E extends Element> {
  /** Renders the component with extra props merged in; must pass `ref` and the rest through. */
  render: (props: { ref?: Ref<E>; className?: string; 'data-testid'?: string; id?: string }) => ReactElement;
  /** The DOM element type the ref should point at. */
  refType: new () => E;
  /** Set when the root element is portalled and therefore outside the render container. */
  axeTarget?: () => Element;
}

/**
 * The shared checks every kit component runs (as in Mantine's conformance tests):
 * ref forwarding, className merge, rest props, and no axe violations jsdom can detect.
 */
export function itConforms<E extends Element>(name: string, options: ConformanceOptions<E>): void {
  describe(`given ${name} (conformance)`, () => {
    it('should forward its ref to the root element', () => {
      const ref = createRef<E>();
      render(options.render({ ref }));
      expect(ref.current).toBeInstanceOf(options.refType);
    });

    it('should merge a className with its own classes', () => {
      const { container } = render(options.render({ className: 'consumer-class', 'data-testid': 'root' }));
      const root = container.ownerDocument.querySelector('[data-testid="root"]');
      expect(root).toHaveClass('consumer-class');
      expect(root?.classList.length).toBeGreaterThan(1);
    });

    it('should pass rest props to the root element', () => {
      const { container } = render(options.render({ id: 'conformance-id', 'data-testid': 'root' }));
      expect(container.ownerDocument.querySelector('[data-testid="root"]')).toHaveAttribute('id', 'conformance-id');
    });

    // One run: jsdom has no layout, so axe cannot measure contrast here and a second run in the other
    // theme would check exactly the same thing. Contrast, in both themes, is the browser suite's job.
    it('should have no axe violations that jsdom can detect (roles, names, structure)', async () => {
      const { container } = render(options.render({}));
      // Let positioned parts (menus, tooltips) settle their async layout before axe reads the DOM.
      await act(async () => {});
      await expectNoAxeViolations(options.axeTarget?.() ?? container);
    });
  });
}
