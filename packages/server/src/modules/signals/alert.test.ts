import { describe, expect, it } from 'vitest';
import { parseAlert, REASON_CODES, reasonCode } from './alert';

const json = (value: unknown) => JSON.stringify(value);
const MISSING_TICKER = 'Missing ticker: add "ticker": "{{ticker}}" to the alert message';
const MISSING_ACTION =
  'Missing action: add "action": "{{strategy.order.action}}" to the alert message (in an indicator alert, write "buy" or "sell")';
const USE_ACTION = 'use "action": "{{strategy.order.action}}" in a strategy alert, or write one of them';

describe('parseAlert', () => {
  describe('given a TradingView strategy alert template', () => {
    const body = json({
      ticker: 'BINANCE:BTCUSDT',
      action: 'BUY',
      price: '65000.5',
      contracts: '0.25',
      position_size: '-0.25',
      prev_market_position: 'Long',
      prev_market_position_size: '0.25',
      interval: '15',
      timenow: '2024-05-01T12:30:00Z',
      strategy: 'Breakout v2',
      comment: 'Long entry',
      id: 'BTC-15-1714566600',
    });

    it('should accept it with every field normalised', () => {
      expect(parseAlert(body)).toEqual({
        status: 'accepted',
        reason: null,
        fields: {
          ticker: 'BTC',
          action: 'buy',
          price: 65000.5,
          quantity: 0.25,
          positionSize: -0.25,
          marketPosition: null,
          prevMarketPosition: 'long',
          prevPositionSize: 0.25,
          stopLoss: null,
          takeProfit: null,
          interval: '15m',
          alertTime: Date.UTC(2024, 4, 1, 12, 30),
          strategy: 'Breakout v2',
          comment: 'Long entry',
          clientId: 'BTC-15-1714566600',
        },
      });
    });
  });

  describe('given the fields under other names', () => {
    it.each([
      ['symbol and side', { symbol: 'ETHUSD', side: 'sell' }, { ticker: 'ETH', action: 'sell' }],
      ['order_action', { ticker: 'SOL', order_action: 'long' }, { ticker: 'SOL', action: 'long' }],
      ['a flat strategy.order.action', { ticker: 'BTC', 'strategy.order.action': 'sell' }, { action: 'sell' }],
      [
        'nested strategy objects',
        {
          ticker: 'BTC',
          strategy: { name: 'S1', position_size: 2, order: { action: 'buy', contracts: 2, price: 10, comment: 'c' } },
        },
        { action: 'buy', quantity: 2, price: 10, comment: 'c', strategy: 'S1', positionSize: 2 },
      ],
      ['close for the price', { ticker: 'BTC', action: 'buy', close: 101.5 }, { price: 101.5 }],
      ['qty for the quantity', { ticker: 'BTC', action: 'buy', qty: '3' }, { quantity: 3 }],
      [
        'time when there is no timenow',
        { ticker: 'BTC', action: 'buy', time: 1714566600000 },
        { alertTime: 1714566600000 },
      ],
      [
        'timenow over time',
        { ticker: 'BTC', action: 'buy', time: '2024-05-01T12:00:00Z', timenow: '2024-05-01T12:30:00Z' },
        { alertTime: Date.UTC(2024, 4, 1, 12, 30) },
      ],
      [
        'upper-case keys',
        { TICKER: 'btc', Action: 'Sell', INTERVAL: '1D' },
        { ticker: 'BTC', action: 'sell', interval: '1d' },
      ],
      ['a numeric alert id', { ticker: 'BTC', action: 'buy', id: 42 }, { clientId: '42' }],
      ['alert_id', { ticker: 'BTC', action: 'buy', alert_id: 'a-1' }, { clientId: 'a-1' }],
      ['an interval as a number', { ticker: 'BTC', action: 'buy', interval: 240 }, { interval: '4h' }],
    ])('should read %s', (_case, alert, expected) => {
      const parsed = parseAlert(json(alert));
      expect(parsed.status).toBe('accepted');
      expect(parsed.fields).toMatchObject(expected);
    });

    it('should leave optional fields it was not given as null', () => {
      expect(parseAlert(json({ ticker: 'BTC', action: 'buy', price: '', comment: null })).fields).toMatchObject({
        price: null,
        quantity: null,
        interval: null,
        alertTime: null,
        comment: null,
        clientId: null,
      });
    });

    it('should keep unknown fields out of the signal', () => {
      const parsed = parseAlert(json({ ticker: 'BTC', action: 'buy', leverage: 10, __proto__: { polluted: true } }));
      expect(parsed.status).toBe('accepted');
      expect(Object.keys(parsed.fields)).not.toContain('leverage');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('should read a body that starts with a byte-order mark', () => {
      expect(parseAlert(`\uFEFF${json({ ticker: 'BTC', action: 'buy' })}`).status).toBe('accepted');
    });
  });

  describe('given a body it cannot use', () => {
    it.each([
      ['an empty body', '', "Body is empty: paste the alert template into the alert's Message"],
      ['only spaces', '  \n ', "Body is empty: paste the alert template into the alert's Message"],
      [
        'an array',
        '[1, 2]',
        'Body must be a JSON object, such as {"ticker": "{{ticker}}", "action": "{{strategy.order.action}}"}: paste the alert template',
      ],
      [
        'a JSON string',
        '"buy"',
        'Body must be a JSON object, such as {"ticker": "{{ticker}}", "action": "{{strategy.order.action}}"}: paste the alert template',
      ],
      ['no ticker', json({ action: 'buy' }), MISSING_TICKER],
      ['no action', json({ ticker: 'BTC' }), MISSING_ACTION],
      ['neither', json({ price: 1 }), `${MISSING_TICKER}; ${MISSING_ACTION}`],
      [
        'a ticker that is no symbol',
        json({ ticker: '$$$', action: 'buy' }),
        'Ticker must be a symbol such as BTCUSDT or BINANCE:BTCUSDT (got "$$$"): use "ticker": "{{ticker}}"',
      ],
      [
        'a numeric ticker',
        json({ ticker: 5, action: 'buy' }),
        'Ticker must be a symbol such as BTCUSDT or BINANCE:BTCUSDT (got 5): use "ticker": "{{ticker}}"',
      ],
      [
        'an unknown action',
        json({ ticker: 'BTC', action: 'hold' }),
        `Action must be one of buy, sell, long, short, exit, close, exit_long or exit_short (got "hold"): ${USE_ACTION}`,
      ],
      [
        'a price in words',
        json({ ticker: 'BTC', action: 'buy', price: 'abc' }),
        'Price must be a positive number such as 65000.5 (got "abc"): use "price": "{{close}}"',
      ],
      [
        'a zero price',
        json({ ticker: 'BTC', action: 'buy', price: 0 }),
        'Price must be a positive number such as 65000.5 (got 0): use "price": "{{close}}"',
      ],
      [
        'a negative price',
        json({ ticker: 'BTC', action: 'buy', price: '-5' }),
        'Price must be a positive number such as 65000.5 (got "-5"): use "price": "{{close}}"',
      ],
      [
        'a hex price',
        json({ ticker: 'BTC', action: 'buy', price: '0x10' }),
        'Price must be a positive number such as 65000.5 (got "0x10"): use "price": "{{close}}"',
      ],
      [
        'a price of NaN',
        json({ ticker: 'BTC', action: 'buy', price: 'NaN' }),
        'Price must be a positive number such as 65000.5 (got "NaN"): use "price": "{{close}}"',
      ],
      [
        'a price that overflows',
        '{"ticker": "BTC", "action": "buy", "price": 1e999}',
        'Price must be a positive number such as 65000.5 (got Infinity): use "price": "{{close}}"',
      ],
      [
        'a price as text that overflows',
        json({ ticker: 'BTC', action: 'buy', price: '1e999' }),
        'Price must be a positive number such as 65000.5 (got "1e999"): use "price": "{{close}}"',
      ],
      [
        'a price with trailing garbage',
        json({ ticker: 'BTC', action: 'buy', price: '100abc' }),
        'Price must be a positive number such as 65000.5 (got "100abc"): use "price": "{{close}}"',
      ],
      [
        'a price object',
        json({ ticker: 'BTC', action: 'buy', price: { value: 1 } }),
        'Price must be a positive number such as 65000.5 (got {"value":1}): use "price": "{{close}}"',
      ],
      [
        'a negative quantity',
        json({ ticker: 'BTC', action: 'buy', contracts: -1 }),
        'Quantity must be a positive number (got -1)',
      ],
      [
        'a position size in words',
        json({ ticker: 'BTC', action: 'buy', position_size: 'flat' }),
        'Position size must be a number (got "flat")',
      ],
      [
        'an unknown interval',
        json({ ticker: 'BTC', action: 'buy', interval: '7x' }),
        'Interval must be a chart interval such as 1, 15, 60, 1D or 1h (got "7x")',
      ],
      [
        'an unreadable time',
        json({ ticker: 'BTC', action: 'buy', time: 'yesterday' }),
        'Time must be an ISO 8601 date or milliseconds since 1970, between 2000 and 2100 (got "yesterday")',
      ],
      [
        'a strategy that is not text',
        json({ ticker: 'BTC', action: 'buy', strategy: ['a'] }),
        'Strategy must be text (got ["a"])',
      ],
      [
        'a long strategy name',
        json({ ticker: 'BTC', action: 'buy', strategy: 's'.repeat(201) }),
        'Strategy must be at most 200 characters long',
      ],
      [
        'a long comment',
        json({ ticker: 'BTC', action: 'buy', comment: 'c'.repeat(1001) }),
        'Comment must be at most 1000 characters long',
      ],
      [
        'a long alert id',
        json({ ticker: 'BTC', action: 'buy', id: 'i'.repeat(201) }),
        'Alert id must be at most 200 characters long',
      ],
      [
        'a fractional alert id',
        json({ ticker: 'BTC', action: 'buy', id: 1.5 }),
        'Alert id must be text or a whole number (got 1.5)',
      ],
      [
        'a placeholder TradingView did not fill in',
        json({ ticker: 'BTC', action: '{{strategy.order.action}}' }),
        'Action is "{{strategy.order.action}}": a TradingView placeholder that was not filled in (check its spelling: {{strategy.…}} ones are filled only in strategy alerts, so in an indicator alert write the value)',
      ],
    ])('should reject %s with the reason %j', (_case, body, reason) => {
      expect(parseAlert(body)).toMatchObject({ status: 'rejected', reason });
    });

    it('should reject a field nested too deeply to quote back, never throw', () => {
      const depth = 10_000;
      const body = `{"ticker":${'['.repeat(depth)}${']'.repeat(depth)},"action":"buy"}`;
      expect(parseAlert(body)).toMatchObject({ status: 'rejected', reason: expect.stringContaining('[…]') });
    });

    it("should say where the JSON is broken and how to fix it, never in the parser's words", () => {
      const parsed = parseAlert('{"ticker": "BTC",\n "action": "buy",}');
      expect(parsed.status).toBe('rejected');
      expect(parsed.reason).toBe(
        'The message is not valid JSON: a quote, comma or brace is missing or extra at line 2, column 18: compare it with the alert template',
      );
      expect(parseAlert('{"ticker": "BTC"').reason).toMatch(
        /^The message is not valid JSON: .*compare it with the alert template$/,
      );
      expect(parseAlert('{"ticker": "BTC", "action": "buy", "price": 65,000}').reason).not.toMatch(
        /Unexpected|token|position/,
      );
    });

    it("should tell TradingView's default text message apart and say to paste the template", () => {
      const parsed = parseAlert('Order buy @ 1 filled on BTCUSDT. New strategy position is 1');
      expect(parsed.reason).toBe(
        'TradingView sent text, not JSON: paste the alert template into the alert\'s Message (got "Order buy @ 1 filled on BTCUSDT. New s…)',
      );
      expect(reasonCode(parsed.reason)).toBe('text-not-json');
      expect(parseAlert('BUY BTCUSDT @ 65000').reason).not.toMatch(/Unexpected token/);
    });

    it.each([
      [
        'an unquoted symbol',
        '{"ticker": BINANCE:BTCUSDT, "action": "buy"}',
        'BINANCE:BTCUSDT',
        '"ticker": "{{ticker}}"',
      ],
      ['an unquoted placeholder', '{"ticker": {{ticker}}, "action": "buy"}', '{{ticker}}', '"ticker": "{{ticker}}"'],
      ['an unquoted action', '{"ticker": "BTC", "action": buy}', 'buy', '"action": "{{strategy.order.action}}"'],
      [
        'an unquoted price placeholder',
        '{"ticker": "BTC", "action": "buy", "price": {{close}}}',
        '{{close}}',
        '"price": "{{close}}"',
      ],
      ['an unknown key', '{"ticker": "BTC", "action": "buy", "note": hello}', 'hello', '"note": "hello"'],
      ['a key named like an object property', '{"constructor": abc, "ticker": "BTC"}', 'abc', '"constructor": "abc"'],
      ['the key __proto__', '{"__proto__": abc, "ticker": "BTC"}', 'abc', '"__proto__": "abc"'],
    ])('should name %s and show it quoted', (_case, body, value, fix) => {
      const parsed = parseAlert(body);
      const key = fix.slice(1, fix.indexOf('"', 1));
      expect(parsed.reason).toBe(
        `The message is not valid JSON: "${key}" has a value without quotes (${value}): quote it: ${fix}`,
      );
      expect(reasonCode(parsed.reason)).toBe('unquoted-value');
    });

    it('should quote a long unquoted placeholder shortened, in the value and in the fix alike', () => {
      const placeholder = `{{${'A'.repeat(60_000)}\u202e}}`;
      const parsed = parseAlert(`{"ticker": ${placeholder}, "action": "buy"}`);
      const shortened = `{{${'A'.repeat(37)}…`;
      expect(parsed.reason).toBe(
        `The message is not valid JSON: "ticker" has a value without quotes (${shortened}): quote it: "ticker": "${shortened}"`,
      );
    });

    it('should list every problem and keep the fields it could read', () => {
      const parsed = parseAlert(
        json({ ticker: 'BINANCE:ETHUSDT', action: 'buy', price: 'abc', interval: '15', contracts: 'x' }),
      );
      expect(parsed).toEqual({
        status: 'rejected',
        reason:
          'Price must be a positive number such as 65000.5 (got "abc"): use "price": "{{close}}"; Quantity must be a positive number (got "x")',
        fields: expect.objectContaining({ ticker: 'ETH', action: 'buy', interval: '15m', price: null, quantity: null }),
      });
    });

    it('should read market_position, stop_loss and take_profit, the fields a paper account acts on', () => {
      const parsed = parseAlert(
        json({
          ticker: 'BTCUSD',
          action: 'buy',
          strategy: { market_position: 'Flat' },
          stop_loss: '61000.5',
          take_profit: 70_000,
        }),
      );
      expect(parsed).toMatchObject({
        status: 'accepted',
        fields: { marketPosition: 'flat', stopLoss: 61_000.5, takeProfit: 70_000 },
      });
    });

    it('should reject a market_position, stop_loss or take_profit it cannot use, rather than drop it', () => {
      const parsed = parseAlert(json({ ticker: 'BTC', action: 'buy', market_position: 'up', stop_loss: -1 }));
      expect(parsed.reason).toBe(
        'Market position must be long, flat or short (got "up"); Stop loss must be a positive price (got -1)',
      );
    });

    it('should shorten a long value quoted in a reason', () => {
      const parsed = parseAlert(json({ ticker: 'BTC', action: 'x'.repeat(20) + 'y'.repeat(20) }));
      expect(parsed.reason).toBe(
        `Action must be one of buy, sell, long, short, exit, close, exit_long or exit_short (got "${'x'.repeat(20)}${'y'.repeat(18)}…): ${USE_ACTION}`,
      );
    });
  });

  describe('given values at the edge of what a field takes', () => {
    const ok = { ticker: 'BTC', action: 'buy' };
    /** A body with one more value written as raw JSON, so it can hold -0 and 1e999. */
    const withRaw = (key: string, raw: string) => `{"ticker":"BTC","action":"buy","${key}":${raw}}`;

    it.each([
      ['a strategy name at most 200 characters once trimmed', { strategy: ` ${'s'.repeat(200)} ` }, 's'.repeat(200)],
      ['a comment of 1000 emoji (one character each)', { comment: '😀'.repeat(1000) }, '😀'.repeat(1000)],
      ['a ticker 64 characters long with its spaces', { ticker: `${' '.repeat(61)}BTC` }, 'BTC'],
      ['a market position 16 characters long with its spaces', { market_position: `${' '.repeat(12)}Long` }, 'long'],
      ['an interval with spaces', { interval: ' 15 ' }, '15m'],
      ['the largest exact whole number as an alert id', { id: 2 ** 53 - 1 }, String(2 ** 53 - 1)],
      ['the smallest positive price', { price: 5e-324 }, 5e-324],
    ])('should accept %s', (_case, alert, value) => {
      const parsed = parseAlert(json({ ...ok, ...alert }));
      expect(parsed.status).toBe('accepted');
      expect(Object.values(parsed.fields)).toContain(value);
    });

    it('should keep a previous position size of -0 as given, and write an alert id of -0 as 0', () => {
      expect(Object.is(parseAlert(withRaw('prev_position_size', '-0')).fields.prevPositionSize, -0)).toBe(true);
      expect(Object.is(parseAlert(json({ ...ok, prev_position_size: '-0' })).fields.prevPositionSize, -0)).toBe(true);
      expect(parseAlert(withRaw('id', '-0')).fields.clientId).toBe('0');
    });

    it.each([
      [
        'a comment of 1001 emoji',
        json({ ...ok, comment: '😀'.repeat(1001) }),
        'Comment must be at most 1000 characters long',
      ],
      [
        'a ticker 65 characters long with its spaces',
        json({ ...ok, ticker: `${' '.repeat(62)}BTC` }),
        `Ticker must be a symbol such as BTCUSDT or BINANCE:BTCUSDT (got "${' '.repeat(38)}…): use "ticker": "{{ticker}}"`,
      ],
      [
        'a market position 17 characters long with its spaces',
        json({ ...ok, market_position: `${' '.repeat(13)}Long` }),
        `Market position must be long, flat or short (got "${' '.repeat(13)}Long")`,
      ],
      [
        'an interval 17 characters long with its spaces',
        json({ ...ok, interval: `${' '.repeat(15)}15` }),
        `Interval must be a chart interval such as 1, 15, 60, 1D or 1h (got "${' '.repeat(15)}15")`,
      ],
      [
        'an interval that overflows',
        withRaw('interval', '1e999'),
        'Interval must be a chart interval such as 1, 15, 60, 1D or 1h (got Infinity)',
      ],
      [
        'a price of -0',
        withRaw('price', '-0'),
        'Price must be a positive number such as 65000.5 (got 0): use "price": "{{close}}"',
      ],
      [
        'an alert id past the exact whole numbers',
        withRaw('id', '9007199254740992'),
        'Alert id must be text or a whole number (got 9007199254740992)',
      ],
      ['a huge alert id', withRaw('id', '1e21'), 'Alert id must be text or a whole number (got 1e+21)'],
      ['a negative alert id', withRaw('id', '-1'), 'Alert id must be text or a whole number (got -1)'],
      [
        'a time that overflows',
        withRaw('timenow', '1e999'),
        'Time must be an ISO 8601 date or milliseconds since 1970, between 2000 and 2100 (got Infinity)',
      ],
    ])('should reject %s', (_case, body, reason) => {
      expect(parseAlert(body)).toMatchObject({ status: 'rejected', reason });
    });
  });

  describe('reasonCode', () => {
    it.each([
      ['', 'empty-body'],
      ['hello', 'text-not-json'],
      ['{"ticker": x}', 'unquoted-value'],
      ['{"ticker": "BTC",}', 'invalid-json'],
      ['[1]', 'not-an-object'],
      [json({ action: 'buy' }), 'missing-ticker'],
      [json({ ticker: 'BTC' }), 'missing-action'],
      [json({ ticker: '{{ticker}}', action: 'buy' }), 'unfilled-placeholder'],
      [json({ ticker: '$$$', action: 'buy' }), 'bad-ticker'],
      [json({ ticker: 'BTC', action: 'hold' }), 'unknown-action'],
      [json({ ticker: 'BTC', action: 'buy', price: 'abc' }), 'bad-number'],
      [json({ ticker: 'BTC', action: 'buy', qty: -1 }), 'bad-number'],
      [json({ ticker: 'BTC', action: 'buy', market_position: 'up' }), 'bad-market-position'],
      [json({ ticker: 'BTC', action: 'buy', prev_market_position: ['long'] }), 'bad-market-position'],
      [json({ ticker: 'BTC', action: 'buy', prev_market_position_size: -1 }), 'bad-number'],
      [json({ ticker: 'BTC', action: 'buy', position_size: 'lots' }), 'bad-number'],
      [json({ ticker: 'BTC', action: 'buy', interval: 'often' }), 'bad-interval'],
      [json({ ticker: 'BTC', action: 'buy', time: 'yesterday' }), 'bad-time'],
      [json({ ticker: 'BTC', action: 'buy', comment: 'x'.repeat(1001) }), 'too-long'],
      [json({ ticker: 'BTC', action: 'buy', comment: { note: 'x' } }), 'not-text'],
      [json({ ticker: 'BTC', action: 'buy', strategy: 42 }), 'not-text'],
      [json({ ticker: 'BTC', action: 'buy', id: ['a'] }), 'not-text'],
    ])('should give %j the code %s', (body, code) => {
      expect(REASON_CODES).toContain(code);
      expect(reasonCode(parseAlert(body).reason)).toBe(code);
    });

    it('should give repeats, and reasons stored before the codes, their code; none to no reason', () => {
      expect(reasonCode('Repeat of signal 42 (same alert id "a")')).toBe('duplicate');
      expect(reasonCode("Body is not valid JSON (Unexpected token 'B')")).toBe('invalid-json');
      expect(reasonCode('Missing ticker')).toBe('missing-ticker');
      expect(reasonCode(null)).toBeNull();
      expect(reasonCode('something else')).toBeNull();
    });
  });
});

describe('the text of an alert quoted back in its reason', () => {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  const RAW = /[\u0000-\u001f\u007f\u200b\u2028\u202e]/;

  it.each([
    ['a ticker', JSON.stringify({ ticker: '\u202eBTC\u0007\u200b', action: 'buy' }), '"\\u202eBTC\\u0007\\u200b"'],
    ['an action', JSON.stringify({ ticker: 'BTC', action: 'b\u2028uy' }), '"b\\u2028uy"'],
    [
      'an unquoted value',
      '{"ticker": BINANCE:BTC\u202eUSDT\u0007, "action": "buy"}',
      '(BINANCE:BTC\\u202eUSDT\\u0007)',
    ],
  ])('should write the invisible characters of %s as escapes', (_, body, quoted) => {
    const { reason } = parseAlert(body);
    expect(reason).toContain(quoted);
    expect(reason).not.toMatch(RAW);
  });
});
