import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { itConforms } from '../../test/conformance';
import { Label } from './Label';

itConforms('Label', {
  render: (props) => (
    <>
      <Label htmlFor="email" {...props}>
        Email
      </Label>
      <input id="email" />
    </>
  ),
  refType: HTMLLabelElement,
});

describe('given a Label pointing at a field', () => {
  describe('when it is rendered', () => {
    it('should name the field', () => {
      render(
        <>
          <Label htmlFor="email">Email</Label>
          <input id="email" />
        </>,
      );
      expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    });
  });

  describe('when it is clicked', () => {
    it('should focus the field', async () => {
      render(
        <>
          <Label htmlFor="email">Email</Label>
          <input id="email" />
        </>,
      );
      await userEvent.click(screen.getByText('Email'));
      expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    });
  });
});
