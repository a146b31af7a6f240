import { describe, expect, it } from 'vitest';
import { runCrashCycles } from './support/crash-harness';
import { proofSeed } from './support/random';

/*
 * kill -9 under webhook load, then a restart on the same data: every acknowledged alert is stored exactly once,
 * gets exactly one paper-trading outcome, and each strategy's account equals a replay of its stored signals and
 * of the positions its trader closed by hand.
 * Three cycles on the embedded database and two on PostgreSQL here; `pnpm bench` (bench/crash.bench.ts) runs 20.
 */
describe('given a server under webhook load that is killed with SIGKILL', () => {
  describe.each([
    { dialect: 'sqlite' as const, cycles: 3 },
    { dialect: 'postgres' as const, cycles: 2 },
  ])('on $dialect', ({ dialect, cycles }) => {
    it(`should keep every acknowledged alert exactly once through ${cycles} crash and restart cycles`, async () => {
      const seed = proofSeed();
      const report = await runCrashCycles({ dialect, cycles, traders: 6, concurrency: 16, seed });
      // PROOF_SEED=<seed> replays the same kill moments.
      const { cycles: lives, outcomes, executed, manualCloses, accountsReplayed } = report;
      console.info(
        `crash proof on ${dialect} (seed ${seed}):`,
        JSON.stringify({ lives, outcomes, executed, manualCloses, accountsReplayed }),
      );
      expect(report.cycles).toHaveLength(cycles);
      expect(report.acknowledged).toBeGreaterThan(0);
      expect(report.duplicatesAbsorbed).toBeGreaterThan(0);
      expect(report.integrityCheck).toBe(dialect === 'sqlite' ? 'ok' : null);
      // Every acknowledged signal was decided once, and the accounts are the replay of their signals.
      expect(report.outcomes).toBeGreaterThanOrEqual(report.acknowledged);
      expect(report.executed).toBeGreaterThan(0);
      // Positions were closed by hand, and replay closed them again where the traders did.
      expect(report.manualCloses).toBeGreaterThan(0);
      expect(report.accountsReplayed).toBe(6);
      expect(report.replayMismatches).toEqual([]);
    }, 240_000);
  });
});
