import { launchBrowser, registerUser, startServer } from './lib/product.mjs';
const out = process.argv[2] ?? '/tmp/c1-shots';
const server = await startServer();
const browser = await launchBrowser();
try {
  const user = await registerUser(server.url);
  for (const [name, viewport] of [['desktop-1440', { width: 1440, height: 900 }], ['phone-390', { width: 390, height: 844 }], ['phone-landscape', { width: 844, height: 390 }]]) {
    const context = await browser.newContext({ baseURL: server.url, viewport });
    const me = await (await fetch(`${server.url}/api/user`, { headers: { authorization: `Bearer ${user.token}`, accept: 'application/json' } })).json();
    const id = me.id ?? me.data?.id;
    await context.addInitScript(([auth, key, settings]) => { localStorage.setItem('signaldeck.auth', auth); localStorage.setItem(key, settings); },
      [JSON.stringify({ user: { id, name: user.name, email: user.email }, token: user.token }), `signaldeck.chart.${id}.BTC`,
       JSON.stringify({ indicators: { sma: 20, ema: 9, bollinger: true, vwap: true, rsi: true, macd: true } })]);
    const page = await context.newPage();
    await page.goto(process.argv[3] ?? '/trading/BTC/1h');
    await page.getByRole('slider', { name: 'Crosshair' }).waitFor({ timeout: 20000 });
    await page.getByRole('group', { name: 'MACD 12 26 9 pane' }).waitFor({ timeout: 20000 });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}-${name}.png` });
    const box = await page.getByRole('group', { name: 'MACD 12 26 9 pane' }).boundingBox();
    const chart = await page.locator('[data-slot="candlestick-chart"]').boundingBox();
    console.log(name, 'macd', JSON.stringify(box), 'chart', JSON.stringify(chart), 'svg', await page.getByRole('group', { name: 'MACD 12 26 9 pane' }).locator('svg').getAttribute('height'));
    await context.close();
  }
} finally { await browser.close(); await server.stop?.(); }
