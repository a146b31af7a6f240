export { TradesTable, type TradesTableProps } from './TradesTable';
export { tradesToCsv } from './csv';
export {
  TRADE_COLUMN_IDS,
  type TradeColumnId,
  type TradeExitReason,
  type TradeLink,
  type TradeRow,
  type TradeSide,
  type TradesTableColumnVisibility,
  type TradesTableSorting,
} from './types';
