import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { itConforms } from '../../test/conformance';
import { Label } from '../Label/Label';
import { Input } from './Input';

itConforms('Input', {
  render: (props) => <Input aria-label="Email" {...props} />,
  refType: HTMLInputElement,
});

function EmailField({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <div>
      <Label htmlFor="email">Email</Label>
      <Input
        id="email"
        type="email"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'email-error' : undefined}
      />
      {error ? <p id="email-error">{error}</p> : null}
    </div>
  );
}

describe('given an Input named by a Label', () => {
  describe('when the user types', () => {
    it('should hold what was typed', async () => {
      render(<EmailField />);
      const field = screen.getByRole('textbox', { name: 'Email' });
      await userEvent.type(field, 'jane@example.com');
      expect(field).toHaveValue('jane@example.com');
    });
  });

  describe('when its value is rejected', () => {
    it('should be invalid and described by the message', () => {
      render(<EmailField error="Enter an email address." />);
      const field = screen.getByRole('textbox', { name: 'Email' });
      expect(field).toBeInvalid();
      expect(field).toHaveAccessibleDescription('Enter an email address.');
    });
  });
});

describe('given an Input without a type', () => {
  describe('when it is rendered', () => {
    it('should be a text field', () => {
      render(<Input aria-label="Strategy name" />);
      expect(screen.getByRole('textbox', { name: 'Strategy name' })).toHaveAttribute('type', 'text');
    });
  });
});

describe('given a disabled Input', () => {
  describe('when the user tries to type', () => {
    it('should stay empty and not report changes', async () => {
      const onChange = vi.fn();
      render(<Input aria-label="Strategy name" disabled onChange={onChange} />);
      const field = screen.getByRole('textbox', { name: 'Strategy name' });
      await userEvent.type(field, 'abc');
      expect(field).toBeDisabled();
      expect(field).toHaveValue('');
      expect(onChange).not.toHaveBeenCalled();
    });
  });
});
