/**
 * A TradingView alert message that SignalDeck understands. TradingView replaces the {{...}}
 * placeholders when the alert fires; the id makes a retried delivery count once. position_size is the
 * strategy's position after the order, so a reversal leaves the paper account exactly where TradingView is.
 */
export function alertMessageTemplate(strategyName = 'My strategy'): string {
  return JSON.stringify(
    {
      ticker: '{{ticker}}',
      action: '{{strategy.order.action}}',
      price: '{{close}}',
      quantity: '{{strategy.order.contracts}}',
      position_size: '{{strategy.position_size}}',
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
