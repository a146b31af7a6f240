import type { SignalRow } from 'dashboard-kit';

export type Signal = SignalRow;

export interface SignalsPage {
  data: Signal[];
  next_cursor: string | null;
}
