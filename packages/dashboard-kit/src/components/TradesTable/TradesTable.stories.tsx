/**
 * TradesTable: every paper trade of a strategy (or all), newest first, on Performance > Trades.
 *
 * Usage: `<TradesTable trades={data} loading={isLoading} error={error} onRetry={mutate}
 * getTradeLinks={(trade) => [{ label: 'Signals', href: ... }, { label: 'Chart', href: ... }]} />`.
 * The kit never fetches: pass the rows, the states and the callbacks. Rows are virtualised, so
 * give the table a height (its default is 32rem). "Export CSV" downloads the trades as shown.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { useMemo, useState } from 'react';
import { BothThemes, Caption, PhoneFrame, Stack } from '../../stories/StoryLayout';
import { generateTrades, makeTrade } from './fixtures';
import { TradesTable } from './TradesTable';
import type { TradeRow, TradesTableColumnVisibility } from './types';
import { Button } from '../Button/Button';
import { CandlestickChartIcon } from '../../icons/CandlestickChartIcon';
import { LogInIcon } from '../../icons/LogInIcon';
import { LogOutIcon } from '../../icons/LogOutIcon';

export default {
  title: 'Performance / Trades table',
} satisfies StoryDefault;

const links = (trade: TradeRow) => [
  { label: 'Signals', href: `#/signals?signal=${trade.entrySignalId ?? ''}` },
  { label: 'Chart', href: `#/trading/${trade.symbol}/1m?at=${encodeURIComponent(trade.entryTime)}` },
];

/** The links SignalDeck gives a trade: both of its signals, then the chart. */
/** The app's links: icons, each named by its label (also its tooltip), so the three fit one narrow column. */
const appLinks = (trade: TradeRow) => [
  { label: 'Entry signal', href: `#/signals?selected=${trade.entrySignalId ?? ''}`, icon: <LogInIcon /> },
  ...(trade.exitSignalId
    ? [{ label: 'Exit signal', href: `#/signals?selected=${trade.exitSignalId}`, icon: <LogOutIcon /> }]
    : []),
  {
    label: 'Chart',
    href: `#/trading/${trade.symbol}/1m?at=${encodeURIComponent(trade.entryTime)}`,
    icon: <CandlestickChartIcon />,
  },
];

export const Empty: Story = () => <TradesTable trades={[]} />;

export const Loading: Story = () => <TradesTable trades={[]} loading />;

export const LoadError: Story = () => {
  const [attempts, setAttempts] = useState(0);
  return (
    <Stack>
      <TradesTable
        trades={[]}
        error={new Error('The server did not answer (503). Try again in a moment.')}
        onRetry={() => setAttempts((count) => count + 1)}
      />
      <Caption>Retry pressed {attempts} times</Caption>
    </Stack>
  );
};

export const RefreshErrorAboveRows: Story = () => (
  <TradesTable trades={generateTrades(20, { open: 1 })} error="Network unreachable" onRetry={() => {}} />
);

export const TwentyTradesTwoOpen: Story = () => <TradesTable trades={generateTrades(20, { open: 2 })} />;

/** 10,000 trades: only the rows in view are in the DOM. */
export const TenThousandTrades: Story = () => {
  const trades = useMemo(() => generateTrades(10_000, { open: 3 }), []);
  return <TradesTable trades={trades} style={{ height: '36rem' }} getTradeLinks={links} />;
};

/** Each row links to its signals and the chart at that time; Enter or a click chooses a trade. */
export const WithLinksAndSelection: Story = () => {
  const trades = useMemo(() => generateTrades(200, { open: 1 }), []);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Stack>
      <TradesTable
        trades={trades}
        getTradeLinks={links}
        onTradeSelect={(trade) => setSelected(trade.id)}
        selectedId={selected}
        defaultColumnVisibility={{ strategy: true }}
        style={{ height: '26rem' }}
      />
      <Caption>{selected ? `Selected ${selected}` : 'No trade selected'}</Caption>
    </Stack>
  );
};

/** Export hands the CSV to a callback here instead of downloading it. */
export const CsvExport: Story = () => {
  const [csv, setCsv] = useState('');
  return (
    <Stack>
      <TradesTable trades={generateTrades(6, { open: 1 })} onExportCsv={setCsv} style={{ height: '20rem' }} />
      <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>{csv || 'Press Export CSV'}</pre>
    </Stack>
  );
};

const HOSTILE = '<img src=x onerror=alert(1)>=cmd|"/c calc"!A1';

export const HostileAndLongText: Story = () => (
  <TradesTable
    defaultColumnVisibility={{ strategy: true }}
    trades={[
      makeTrade({ id: 'h1', symbol: HOSTILE, strategyName: '\u202Eesrever ni — right-to-left override' }),
      makeTrade({ id: 'h2', strategyName: 'a-very-long-strategy-name-that-must-not-widen-the-table-'.repeat(3) }),
      // Right-to-left names are cut at their own end: their start stays on screen.
      makeTrade({ id: 'h3', strategyName: 'אסטרטגיית פריצה ארוכת טווח על ביטקוין ואתריום' }),
      makeTrade({ id: 'h4', strategyName: 'استراتيجية الاختراق طويلة المدى على البيتكوين' }),
    ]}
    style={{ height: '20rem' }}
  />
);

/** Trades of several strategies (`showStrategy`): the strategy in place of the pair and the fees, fitting 1280 px. */
export const SeveralStrategies: Story = () => (
  <TradesTable trades={generateTrades(20, { open: 2 })} getTradeLinks={appLinks} showStrategy />
);

/** The same on a phone: each card gives its strategy a line. */
export const PhoneSeveralStrategies: Story = () => (
  <PhoneFrame>
    <TradesTable
      trades={generateTrades(12, { open: 1 })}
      getTradeLinks={appLinks}
      showStrategy
      style={{ height: '30rem' }}
    />
  </PhoneFrame>
);
PhoneSeveralStrategies.meta = { width: 'xsmall' };

/** Quantities to 8 decimals with their pair (0.01486989 BTC) fit their column whole. */
export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <TradesTable trades={generateTrades(8, { open: 2 })} getTradeLinks={appLinks} style={{ height: '22rem' }} />
  </BothThemes>
);

/**
 * At phone width each trade is a card: entry and pair, side and exit reason, then P&L and the
 * links each on a line of their own, nothing cut.
 */
export const Phone: Story = () => (
  <PhoneFrame>
    <TradesTable trades={generateTrades(40, { open: 1 })} getTradeLinks={appLinks} style={{ height: '30rem' }} />
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };

export const PhoneBothThemes: Story = () => (
  <BothThemes>
    <TradesTable trades={generateTrades(6, { open: 1 })} getTradeLinks={appLinks} style={{ height: '26rem' }} />
  </BothThemes>
);
PhoneBothThemes.meta = { width: 'xsmall' };

/** A phone with more columns shown: exit and quantity pair up, the strategy takes a line. */
export const PhoneMoreColumns: Story = () => (
  <PhoneFrame>
    <TradesTable
      trades={generateTrades(12, { open: 1 })}
      getTradeLinks={appLinks}
      defaultColumnVisibility={{ closed: false, fees: false, duration: false }}
      style={{ height: '30rem' }}
    />
  </PhoneFrame>
);
PhoneMoreColumns.meta = { width: 'xsmall' };

export const PhoneEmpty: Story = () => (
  <PhoneFrame>
    <TradesTable trades={[]} style={{ height: '24rem' }} />
  </PhoneFrame>
);
PhoneEmpty.meta = { width: 'xsmall' };

export const PhoneLoading: Story = () => (
  <PhoneFrame>
    <TradesTable trades={[]} loading style={{ height: '24rem' }} />
  </PhoneFrame>
);
PhoneLoading.meta = { width: 'xsmall' };

/**
 * The user's column choices kept for the next visit (`onColumnChoicesChange`, then `defaultColumnChoices`): hide a
 * column from the Columns menu, then open the table again; the columns not toggled still follow `showStrategy`.
 * "Reset columns", at the end of the menu once a column is chosen, clears them (Kept: {}).
 */
export const KeptColumnChoices: Story = () => {
  const [kept, setKept] = useState<TradesTableColumnVisibility>({});
  const [visit, setVisit] = useState(1);
  return (
    <Stack>
      <Button variant="outline" onClick={() => setVisit((previous) => previous + 1)}>
        Open the table again (visit {visit + 1})
      </Button>
      <TradesTable
        key={visit}
        trades={generateTrades(8, { open: 1 })}
        defaultColumnChoices={kept}
        onColumnChoicesChange={setKept}
        style={{ height: '20rem' }}
      />
      <Caption>Kept: {JSON.stringify(kept)}</Caption>
    </Stack>
  );
};
