import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { itConforms } from '../../test/conformance';
import { Separator } from './Separator';

itConforms('Separator', {
  render: (props) => <Separator {...props} />,
  refType: HTMLDivElement,
});

describe('given a Separator', () => {
  describe('when it is decorative (the default)', () => {
    it('should be hidden from the accessibility tree', () => {
      render(<Separator />);
      expect(screen.queryByRole('separator')).not.toBeInTheDocument();
      expect(screen.getByRole('none')).toHaveAttribute('data-orientation', 'horizontal');
    });
  });

  describe('when it is not decorative and vertical', () => {
    it('should be a vertical separator', () => {
      render(<Separator decorative={false} orientation="vertical" />);
      expect(screen.getByRole('separator')).toHaveAttribute('aria-orientation', 'vertical');
    });
  });
});
