export { SignalsTable, type SignalsTableProps } from './SignalsTable';
export {
  SIGNAL_COLUMN_IDS,
  type RawBodyStatus,
  type SignalColumnId,
  type SignalRow,
  type SignalStatus,
  type SignalsTableColumnVisibility,
  type SignalsTableSorting,
} from './types';
