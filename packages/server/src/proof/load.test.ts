import { describe, expect, it } from 'vitest';
import { runLoad } from './support/load-harness';

/*
 * A short run of the load proof (`pnpm bench` runs it for 60 s, bench/load.bench.ts): webhook posts, the
 * signals list and candles under autocannon at once, with live stream clients connected. Speed is not judged
 * here (the suite shares two cores with other tests); correctness under load is.
 */
describe('given the server under webhook and read load with stream clients connected', () => {
  it('should answer everything, store one row per acknowledged post and stream every signal in order', async () => {
    const report = await runLoad({
      dialect: 'sqlite',
      seconds: 5,
      webhookConnections: 16,
      readConnections: 4,
      watchedTraders: 2,
      streamClientsPerTrader: 2,
      seededTraders: 300,
    });
    const { samplesMiB, ...memory } = report.memory;
    console.info(
      'load proof:',
      JSON.stringify({ ...report, memory }),
      `RSS samples: ${samplesMiB.map(Math.round).join(' ')} MiB`,
    );

    for (const endpoint of [report.webhook, report.signalsList, report.candles]) {
      expect(endpoint.errors).toBe(0);
      expect(endpoint.responses2xx).toBeGreaterThan(0);
    }
    // runLoad compared each acknowledged post with its stored row; what remains is the end of autocannon's time,
    // when it drops the answers in flight: at most one per connection.
    expect(report.acknowledged).toBe(report.webhook.responses2xx);
    expect(report.storedRows).toBe(report.acknowledged + report.cutOff.stored);
    expect(report.cutOff.stored).toBeLessThanOrEqual(16);
    // Each client's signals were compared id by id with its trader's list inside runLoad; here: there were some.
    expect(report.streamEventsReceived).toBeGreaterThanOrEqual(report.streamClients);
    expect(report.memory.maxMiB).toBeLessThan(1024);
    expect(report.serverProblems).toEqual([]);
    expect(report.shutdownExitCode).toBe(0);
  }, 90_000);
});
