import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TEST_DIALECTS } from '../../test/database';
import { signUpTrader, type SignedInTrader } from '../../test/traders';
import type { Strategy, StrategyList } from './schemas';

/* A trader's strategy names are distinct (trimmed, whatever their case): a name given twice could not be told apart. */

type Errors = { message: string; errors: Record<string, string[]> };

const TAKEN = 'You already have a strategy named "Scalper 5m".';

describe.each(TEST_DIALECTS)('strategy names on %s', (dialect) => {
  let testApp: TestApp;
  let ada: SignedInTrader;

  beforeEach(async () => {
    testApp = await createTestApp(dialect, { RATE_LIMIT_REGISTER_PER_MINUTE: '100' });
    ada = await signUpTrader(testApp.app, 'Ada');
  });

  afterEach(async () => {
    await testApp.cleanup();
  });

  const call = <T>(user: SignedInTrader, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    testApp.app
      .inject({
        method,
        url,
        headers: { ...user.headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { payload: JSON.stringify(body) }),
      })
      .then((response) => ({ status: response.statusCode, body: response.json<T>() }));

  const create = (name: string, user = ada) => call<Strategy & Errors>(user, 'POST', '/api/strategies', { name });
  const rename = (id: string, name: string, user = ada) =>
    call<Strategy & Errors>(user, 'PATCH', `/api/strategies/${id}`, { name });
  const names = async (user = ada) =>
    (await call<StrategyList>(user, 'GET', '/api/strategies')).body.data.map((strategy) => strategy.name);

  it('should refuse a second strategy of the same name with 422 on name, and create nothing', async () => {
    expect((await create('Scalper 5m')).status).toBe(201);
    const again = await create('Scalper 5m');
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: TAKEN, errors: { name: [TAKEN] } });
    expect(await names()).toEqual(['Default', 'Scalper 5m']);
  });

  it.each([
    ['another case', 'scalper 5M'],
    ['spaces around it', '  Scalper 5m '],
    ['both', 'SCALPER 5M\t'],
  ])('should refuse the name in %s, naming the strategy that has it', async (_, name) => {
    expect((await create('Scalper 5m')).status).toBe(201);
    const again = await create(name);
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ name: [TAKEN] });
    expect(await names()).toEqual(['Default', 'Scalper 5m']);
  });

  it('should take é written as one character or as two for the same name, and tell it from e', async () => {
    expect((await create('Café')).status).toBe(201);
    expect((await create('Cafe')).status).toBe(201);
    expect((await create('Cafe\u0301')).status).toBe(422);
    expect((await create('CAFÉ')).status).toBe(422);
  });

  it('should refuse renaming a strategy to the name of another, and keep its name', async () => {
    expect((await create('Scalper 5m')).status).toBe(201);
    const swing = await create('Swing');
    const renamed = await rename(swing.body.id, 'scalper 5m ');
    expect(renamed.status).toBe(422);
    expect(renamed.body).toEqual({ message: TAKEN, errors: { name: [TAKEN] } });
    expect(await names()).toEqual(['Default', 'Scalper 5m', 'Swing']);
  });

  it('should refuse the whole change when the new name is taken, settings included', async () => {
    expect((await create('Scalper 5m')).status).toBe(201);
    const swing = await create('Swing');
    const changed = await call<Errors>(ada, 'PATCH', `/api/strategies/${swing.body.id}`, {
      name: 'Scalper 5m',
      settings: { stopLossPct: 3 },
    });
    expect(changed.status).toBe(422);
    const kept = await call<Strategy>(ada, 'GET', `/api/strategies/${swing.body.id}`);
    expect(kept.body.settings.stopLossPct).toBe(swing.body.settings.stopLossPct);
  });

  it('should let a strategy keep its own name, or change only its case, with its settings', async () => {
    const scalper = await create('Scalper 5m');
    const same = await call<Strategy>(ada, 'PATCH', `/api/strategies/${scalper.body.id}`, {
      name: 'Scalper 5m',
      settings: { stopLossPct: 3 },
    });
    expect(same.status).toBe(200);
    expect(same.body.settings.stopLossPct).toBe(3);
    const recased = await rename(scalper.body.id, 'SCALPER 5m');
    expect(recased.status).toBe(200);
    expect(recased.body.name).toBe('SCALPER 5m');
    expect(await names()).toEqual(['Default', 'SCALPER 5m']);
  });

  it('should free a name when its strategy is renamed', async () => {
    const scalper = await create('Scalper 5m');
    expect((await rename(scalper.body.id, 'Scalper 1m')).status).toBe(200);
    expect((await create('Scalper 5m')).status).toBe(201);
    expect(await names()).toEqual(['Default', 'Scalper 1m', 'Scalper 5m']);
  });

  it("should let another trader use a trader's name, and each rename to it", async () => {
    const grace = await signUpTrader(testApp.app, 'Grace');
    expect((await create('Scalper 5m')).status).toBe(201);
    expect((await create('Scalper 5m', grace)).status).toBe(201);
    const swing = await create('Swing', grace);
    expect((await rename(swing.body.id, 'swing 2', grace)).status).toBe(200);
    expect((await create('Swing 2')).status).toBe(201);
    expect(await names()).toEqual(['Default', 'Scalper 5m', 'Swing 2']);
    expect(await names(grace)).toEqual(['Default', 'Scalper 5m', 'swing 2']);
  });

  it('should refuse a second "Default" too (the name of the first strategy)', async () => {
    const again = await create('default');
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ name: ['You already have a strategy named "Default".'] });
  });

  it.each(['Default\u200b', 'Def\u00adault', 'Default\ufe0f', '\u2060Default', 'Default\u{e0041}'])(
    'should read %j as "Default": characters drawn as nothing do not make a name another',
    async (name) => {
      const again = await create(name);
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ name: ['You already have a strategy named "Default".'] });
    },
  );

  it.each(['Alpha  Bot', 'Alpha\u00a0Bot', 'Alpha\u2002Bot', 'Alpha\u2800Bot', 'Alpha \u3000 Bot'])(
    'should read %j as "Alpha Bot": spaces of any kind or number show alike',
    async (name) => {
      expect((await create('Alpha Bot')).status).toBe(201);
      const again = await create(name);
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ name: ['You already have a strategy named "Alpha Bot".'] });
    },
  );

  it('should quote the name a new one clashes with, its unseen characters written as escapes', async () => {
    expect((await create('Desk\u200dA')).status).toBe(201);
    const clash = await create('DeskA');
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ name: ['You already have a strategy named "Desk\\u200dA".'] });
  });

  it('should create one strategy of creates of the same name sent at once, and refuse the others', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => create(i % 2 ? 'scalper 5m' : 'Scalper 5m')));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(5);
    for (const answer of answers.filter((a) => a.status === 422)) {
      expect(answer.body.errors.name![0]).toMatch(/^You already have a strategy named "[Ss]calper 5m"\.$/);
    }
    expect(await names()).toHaveLength(2);
  });

  it('should end with one strategy of a name when creates and renames to it are sent at once', async () => {
    const others = await Promise.all(['One', 'Two', 'Three'].map((name) => create(name)));
    const answers = await Promise.all([
      create('Scalper 5m'),
      ...others.map((other) => rename(other.body.id, 'Scalper 5m')),
      create('SCALPER 5M'),
    ]);
    expect(answers.filter((answer) => answer.status < 300)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(4);
    expect((await names()).filter((name) => name.toLowerCase() === 'scalper 5m')).toHaveLength(1);
  });
});
