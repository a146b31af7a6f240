import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { itConforms } from '../../test/conformance';
import { Badge, type BadgeVariant } from './Badge';

itConforms('Badge', {
  render: (props) => <Badge {...props}>accepted</Badge>,
  refType: HTMLSpanElement,
});

describe('given a Badge', () => {
  describe('when no variant is given', () => {
    it('should be neutral', () => {
      render(<Badge>duplicate</Badge>);
      expect(screen.getByText('duplicate')).toHaveAttribute('data-variant', 'neutral');
    });
  });

  describe('when each variant is given', () => {
    it('should style each one differently', () => {
      const variants: BadgeVariant[] = ['neutral', 'success', 'danger', 'warning', 'info', 'outline'];
      render(
        <>
          {variants.map((variant) => (
            <Badge key={variant} variant={variant}>
              {variant}
            </Badge>
          ))}
        </>,
      );
      const classNames = variants.map((variant) => screen.getByText(variant).className);
      expect(new Set(classNames).size).toBe(variants.length);
    });
  });
});
