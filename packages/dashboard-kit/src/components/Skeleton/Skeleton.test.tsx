import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { itConforms } from '../../test/conformance';
import { Skeleton } from './Skeleton';

itConforms('Skeleton', {
  render: (props) => <Skeleton {...props} />,
  refType: HTMLDivElement,
});

describe('given a region that is loading', () => {
  describe('when it shows skeletons', () => {
    it('should keep them out of the accessibility tree while the region says it is busy', () => {
      render(
        <section aria-label="Signals" aria-busy="true">
          <Skeleton shape="text" />
          <Skeleton shape="circle" />
        </section>,
      );
      const region = screen.getByRole('region', { name: 'Signals' });
      expect(region).toHaveAttribute('aria-busy', 'true');
      expect(region).toHaveAccessibleName('Signals');
      expect(region.textContent).toBe('');
      region.querySelectorAll('[data-slot="skeleton"]').forEach((skeleton) => {
        expect(skeleton).toHaveAttribute('aria-hidden', 'true');
      });
    });
  });
});

describe('given a shape', () => {
  describe('when it is rendered', () => {
    it('should expose the shape and style each shape differently', () => {
      render(
        <>
          <Skeleton data-testid="block" />
          <Skeleton data-testid="circle" shape="circle" />
        </>,
      );
      expect(screen.getByTestId('block')).toHaveAttribute('data-shape', 'block');
      expect(screen.getByTestId('circle')).toHaveAttribute('data-shape', 'circle');
      expect(screen.getByTestId('block').className).not.toBe(screen.getByTestId('circle').className);
    });
  });
});
