/**
 * A TradingView alert message that SignalDeck understands. TradingView replaces the {{...}}
 * placeholders when the alert fires; the id makes a retried delivery count once.
 */
export function alertMessageTemplate(strategyName = 'My strategy'): string {
  return JSON.stringify(
    {
      ticker: '{{ticker}}',
      action: '{{strategy.order.action}}',
      price: '{{close}}',
      quantity: '{{strategy.order.contracts}}',
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
