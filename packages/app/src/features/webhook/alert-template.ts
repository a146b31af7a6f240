/**
 * A TradingView alert message that SignalDeck understands. TradingView replaces the {{...}}
 * placeholders when the alert fires; the id makes a retried delivery count once. position_size is the
 * strategy's position after the order, so a reversal leaves the paper account exactly where TradingView is;
 * prev_market_position and prev_market_position_size are where it was before, so a missed alert shows as "out of
 * sync".
 */
export function alertMessageTemplate(strategyName = 'My strategy'): string {
  return JSON.stringify(
    {
      ticker: '{{ticker}}',
      action: '{{strategy.order.action}}',
      price: '{{close}}',
      quantity: '{{strategy.order.contracts}}',
      position_size: '{{strategy.position_size}}',
      prev_market_position: '{{strategy.prev_market_position}}',
      prev_market_position_size: '{{strategy.prev_market_position_size}}',
      interval: '{{interval}}',
      time: '{{timenow}}',
      strategy: strategyName,
      comment: '{{strategy.order.comment}}',
      id: '{{strategy.order.id}}-{{timenow}}',
    },
    null,
    2,
  );
}
