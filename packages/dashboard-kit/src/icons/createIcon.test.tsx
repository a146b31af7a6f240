import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { itConforms } from '../test/conformance';
import { SunIcon } from './SunIcon';

itConforms('an icon', {
  render: (props) => <SunIcon {...props} />,
  refType: SVGSVGElement,
});

describe('given an icon inside a labelled button', () => {
  describe('when it is rendered', () => {
    it('should be hidden and unfocusable, leaving the name to the button', () => {
      render(
        <button type="button" aria-label="Light theme">
          <SunIcon data-testid="icon" />
        </button>,
      );
      expect(screen.getByRole('button', { name: 'Light theme' })).toBeInTheDocument();
      expect(screen.getByTestId('icon')).toHaveAttribute('aria-hidden', 'true');
      expect(screen.getByTestId('icon')).toHaveAttribute('focusable', 'false');
    });
  });
});

describe('given a size', () => {
  describe('when it is rendered', () => {
    it('should be 16 pixels square by default and take the given size otherwise', () => {
      render(
        <>
          <SunIcon data-testid="default" />
          <SunIcon data-testid="large" size={24} />
        </>,
      );
      expect(screen.getByTestId('default')).toHaveAttribute('width', '16');
      expect(screen.getByTestId('large')).toHaveAttribute('height', '24');
    });
  });
});
