export {
  PeriodBreakdownTable,
  type BreakdownBy,
  type BreakdownColumnId,
  type BreakdownRow,
  type PeriodBreakdownSorting,
  type PeriodBreakdownTableProps,
} from './PeriodBreakdownTable';
