import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SecretUrlField } from './secret-url-field';

const URL_WITH_TOKEN = 'https://signals.example.com/api/webhooks/Zx8k2mQ4vB7nP1rT5yW9cE3hJ6aL0sD8fG2kN4qR7uV';

describe('SecretUrlField', () => {
  it('should mask the token until Reveal is pressed, and copy the whole URL either way', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(
      <>
        <label htmlFor="url">Your webhook URL</label>
        <SecretUrlField id="url" url={URL_WITH_TOKEN} />
      </>,
    );
    const field = screen.getByLabelText<HTMLTextAreaElement>('Your webhook URL');
    expect(field.value).toBe('https://signals.example.com/api/webhooks/••••••••');
    expect(document.body.textContent).not.toContain('Zx8k2mQ4');

    await user.click(screen.getByRole('button', { name: 'Copy URL' }));
    expect(writeText).toHaveBeenCalledWith(URL_WITH_TOKEN);

    const reveal = screen.getByRole('button', { name: 'Reveal' });
    expect(reveal.getAttribute('aria-pressed')).toBe('false');
    await user.click(reveal);
    expect(field.value).toBe(URL_WITH_TOKEN);
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(field.value).toBe('https://signals.example.com/api/webhooks/••••••••');
  });
});
