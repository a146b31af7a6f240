#!/usr/bin/env node
// Signal to screen: how long from a webhook POST until its row shows in an open signals page,
// with no reload. Runs the built server and Debian's Chromium. Run `pnpm build` first.
import { writeFileSync } from 'node:fs';
import { startServer, launchBrowser, registerUser } from '../lib/product.mjs';

const SAMPLES = Number(process.env.SIGNAL_SAMPLES ?? 40);

const server = await startServer();
const browser = await launchBrowser();
try {
  const user = await registerUser(server.url);
  const webhook = await (
    await fetch(`${server.url}/api/webhook`, {
      headers: { Authorization: `Bearer ${user.token}`, Accept: 'application/json' },
    })
  ).json();

  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key, value),
    ['signaldeck.auth', JSON.stringify({ user: { id: 0, name: user.name, email: user.email }, token: user.token })],
  );
  const page = await context.newPage();
  await page.goto('/signals');
  await page.getByText('Live', { exact: true }).waitFor({ timeout: 20_000 });

  const latencies = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const marker = `bench-${Date.now()}-${i}`;
    const ms = await page.evaluate(
      async ({ url, marker }) => {
        const seen = new Promise((resolve) => {
          const check = () => document.body.innerText.includes(marker);
          const observer = new MutationObserver(() => {
            if (check()) {
              observer.disconnect();
              resolve(performance.now());
            }
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        });
        const start = performance.now();
        await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain' },
          body: JSON.stringify({ ticker: 'BINANCE:BTCUSDT', action: 'buy', price: 65000, strategy: marker }),
        });
        const end = await seen;
        return end - start;
      },
      { url: webhook.url.replace(/^https?:\/\/[^/]+/, ''), marker },
    );
    latencies.push(ms);
  }
  latencies.sort((a, b) => a - b);
  const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  const result = { samples: SAMPLES, p50: pick(0.5), p95: pick(0.95), max: latencies.at(-1) };
  console.log('\nSignal to screen (webhook POST -> row visible, no reload)');
  console.log('| samples | p50 | p95 | max | goal p95 |');
  console.log('|---|---|---|---|---|');
  console.log(
    `| ${SAMPLES} | ${result.p50.toFixed(1)} ms | ${result.p95.toFixed(1)} ms | ${result.max.toFixed(1)} ms | < 250 ms |`,
  );
  const jsonAt = process.argv.indexOf('--json');
  if (jsonAt !== -1) writeFileSync(process.argv[jsonAt + 1], JSON.stringify(result));
} finally {
  await browser.close();
  await server.stop();
}
