import { EXIT_REASON_LABELS, parseTime } from './format';
import { TRADE_COLUMN_IDS, type TradeColumnId, type TradeRow } from './types';

/** Characters that make a spreadsheet read a cell as a formula (CSV injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): text from data that a spreadsheet would run as a formula gets a
 * leading `'`; a field holding a comma, semicolon, quote or line break is quoted, its quotes doubled (a
 * spreadsheet set to split at semicolons would otherwise read `x;=1+1` as two cells, the second a formula).
 * Numbers the kit writes itself are left as they are, so `-12.5` stays a number.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

type Cell = string | number | null;

/** The CSV columns each table column writes: raw values (ISO times, plain numbers), not display text. */
const CSV_COLUMNS: Record<TradeColumnId, { header: string; value: (trade: TradeRow) => Cell }[]> = {
  opened: [
    { header: 'Opened', value: (trade) => trade.entryTime },
    { header: 'Entry price', value: (trade) => trade.entryPrice },
  ],
  closed: [
    { header: 'Closed', value: (trade) => trade.exitTime ?? 'Open' },
    { header: 'Exit price', value: (trade) => trade.exitPrice },
  ],
  pair: [{ header: 'Pair', value: (trade) => trade.symbol }],
  side: [{ header: 'Side', value: (trade) => trade.side }],
  quantity: [{ header: 'Quantity', value: (trade) => trade.quantity }],
  fees: [{ header: 'Fees (USD)', value: (trade) => trade.fees }],
  pnl: [
    { header: 'P&L (USD)', value: (trade) => trade.pnl },
    // Percent to 4 decimals (basis points of a basis point): the raw ratio's 17 digits say nothing more.
    { header: 'P&L (%)', value: (trade) => Math.round(trade.pnlPct * 10_000) / 10_000 },
    { header: 'Unrealised', value: (trade) => (trade.exitTime === null ? 'yes' : 'no') },
  ],
  exitReason: [
    { header: 'Exit reason', value: (trade) => (trade.exitReason ? EXIT_REASON_LABELS[trade.exitReason] : null) },
  ],
  duration: [
    {
      header: 'Duration (s)',
      value: (trade) => {
        const entry = parseTime(trade.entryTime);
        const exit = parseTime(trade.exitTime);
        return entry === undefined || exit === undefined ? null : Math.round((exit - entry) / 1000);
      },
    },
  ],
  strategy: [
    { header: 'Strategy', value: (trade) => trade.strategyName ?? null },
    { header: 'Strategy id', value: (trade) => trade.strategyId },
  ],
};

const ID_COLUMNS: { header: string; value: (trade: TradeRow) => Cell }[] = [
  { header: 'Trade id', value: (trade) => trade.id },
  { header: 'Entry signal id', value: (trade) => trade.entrySignalId },
  { header: 'Exit signal id', value: (trade) => trade.exitSignalId },
];

/**
 * The trades as CSV (RFC 4180: a header row, CRLF line ends), in the order given, with the
 * columns given (every column by default) after the trade's and its signals' ids. Safe to open
 * in a spreadsheet: no cell from the data can start a formula.
 */
export function tradesToCsv(trades: readonly TradeRow[], columns: readonly TradeColumnId[] = TRADE_COLUMN_IDS): string {
  const fields = [...ID_COLUMNS, ...columns.flatMap((id) => CSV_COLUMNS[id] ?? [])];
  const lines = [fields.map((field) => csvField(field.header)).join(',')];
  for (const trade of trades) lines.push(fields.map((field) => csvField(field.value(trade))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
