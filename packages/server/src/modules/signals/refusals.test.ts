import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TEST_DIALECTS } from '../../test/database';
import { signUpTrader } from '../../test/traders';
import { LOOKUP_BATCH, RefusalCounter } from './refusals';
import { hashWebhookToken } from './webhook-secrets';

const NOW = Date.UTC(2026, 5, 1, 12, 0);

describe.each(TEST_DIALECTS)('refused posts counted on %s', (dialect) => {
  let testApp: TestApp;

  afterEach(() => testApp.cleanup());

  it("should count a real URL's refusals among a flood of made-up tokens, far more than one query's parameters", async () => {
    testApp = await createTestApp(dialect);
    const trader = await signUpTrader(testApp.app, 'Ada');
    const strategies = await testApp.app.inject({ method: 'GET', url: '/api/strategies', headers: trader.headers });
    const strategyId = Number(strategies.json<{ data: { id: string }[] }>().data[0]!.id);
    const errors: unknown[] = [];
    const counter = new RefusalCounter(
      testApp.database.db,
      () => NOW,
      (error) => errors.push(error),
    );

    // 70,000 unknown tokens: past SQLite's 32,766 and PostgreSQL's 65,535 parameters in one statement.
    const flood = 70_000;
    expect(flood).toBeGreaterThan(65_535 + LOOKUP_BATCH);
    for (let index = 0; index < flood; index += 1) counter.record(hashWebhookToken(`made-up-${index}`), 413);
    const token = trader.webhookToken;
    counter.record(hashWebhookToken(token), 429);
    counter.record(hashWebhookToken(token), 429);

    const byStrategy = await counter.readStrategies(trader.id);
    await counter.close();
    expect(errors).toEqual([]);
    expect(byStrategy.get(strategyId)).toEqual({ count: 2, lastAt: NOW, byStatus: { '429': 2 } });
    const rows = await testApp.database.db.selectFrom('strategy_refusals').selectAll().execute();
    expect(rows).toHaveLength(1);
  }, 120_000);
});
