import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from './LatencyHistogram';

describe('given delivery delays in buckets', () => {
  it('should be a table of ranges and counts, captioned with the total', () => {
    render(
      <LatencyHistogram
        buckets={[
          { label: 'under 1 s', count: 21 },
          { label: '1–2 s', count: 9 },
          { label: '1 min or more', count: 0 },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Delivery latency: alert time to receipt (30 alerts)' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'under 1 s',
      '1–2 s',
      '1 min or more',
    ]);
    expect(rows.map((row) => within(row).getByRole('cell').textContent)).toEqual(['21', '9', '0']);
  });
});

describe('given no alert that gave its time', () => {
  it('should say so instead of drawing empty bars', () => {
    render(<LatencyHistogram buckets={[{ label: 'under 1 s', count: 0 }]} emptyText="Nothing yet." />);
    expect(screen.getByRole('cell', { name: 'Nothing yet.' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader')).toBeNull();
  });
});
