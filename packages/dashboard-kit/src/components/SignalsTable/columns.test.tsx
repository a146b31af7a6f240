import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActionBadge, QuantityCell, RelativeTime, StatusCell } from './columns';

describe('given a relative time on screen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2025, 0, 15, 12, 0, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('after time passes', () => {
    it('should update its text without a re-render from outside', () => {
      render(<RelativeTime time={Date.now() - 10_000} timeZone="local" />);
      expect(screen.getByText('10 s ago')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(60_000);
      });
      expect(screen.getByText('1 min ago')).toBeInTheDocument();
    });
  });
});

describe('given a time in UTC', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2025, 0, 15, 9, 32, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should show the UTC clock time, how long ago beside it, and name the zone in its exact time', () => {
    const { container } = render(<RelativeTime time={Date.UTC(2025, 0, 15, 9, 30, 5, 120)} timeZone="UTC" />);
    const time = screen.getByText('09:30:05');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('title', '2025-01-15 09:30:05.120 UTC');
    expect(container).toHaveTextContent('09:30:051 min ago');
  });

  it('should show the day and minute of an earlier day, and the date of an earlier year', () => {
    render(<RelativeTime time={Date.UTC(2025, 0, 13, 23, 5, 0)} timeZone="UTC" />);
    expect(screen.getByText('01-13 23:05')).toBeInTheDocument();
    expect(screen.getByText('1 d ago')).toBeInTheDocument();
    render(<RelativeTime time={Date.UTC(2024, 5, 2, 8, 0, 0)} timeZone="UTC" />);
    expect(screen.getByText('2024-06-02')).toBeInTheDocument();
  });
});

describe('given an action', () => {
  it('should show it with its tone and its exact text', () => {
    render(<ActionBadge action="Short" />);
    expect(screen.getByText('Short')).toHaveAttribute('data-variant', 'danger');
  });

  it('should show a blank action as missing', () => {
    render(<ActionBadge action={null} />);
    expect(screen.getByText('none')).toBeInTheDocument();
  });
});

describe('given a status', () => {
  it('should show a duplicate as a warning', () => {
    render(<StatusCell status="duplicate" reason="Same alert already stored" />);
    expect(screen.getByText('duplicate')).toHaveAttribute('data-variant', 'warning');
    expect(screen.getByText('Same alert already stored')).toHaveAttribute('title', 'Same alert already stored');
  });

  it('should show an accepted signal without a reason', () => {
    const { container } = render(<StatusCell status="accepted" reason={null} />);
    expect(screen.getByText('accepted')).toHaveAttribute('data-variant', 'success');
    expect(container).toHaveTextContent(/^accepted$/);
  });

  it('should show what an accepted signal did when its outcome is given', () => {
    render(<StatusCell status="accepted" reason={null} outcome="Ignored: already long" />);
    expect(screen.getByText('Ignored: already long')).toHaveAttribute('title', 'Ignored: already long');
  });
});

describe('given a quantity to the satoshi', () => {
  it('should show every decimal, and the whole quantity in its tooltip in case its cell is too narrow', () => {
    render(<QuantityCell value={0.01113862} />);
    render(<QuantityCell value={12_345.12345678} />);
    expect(screen.getByText('0.01113862')).toHaveAttribute('title', '0.01113862');
    expect(screen.getByText('12,345.12345678')).toHaveAttribute('title', '12,345.12345678');
  });

  it('should show a missing quantity as missing', () => {
    render(<QuantityCell value={undefined} />);
    expect(screen.getByText('none')).toBeInTheDocument();
  });
});
