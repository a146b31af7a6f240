/**
 * A seeded pseudo-random generator (mulberry32), so that a run of a proof that picks random moments can be
 * repeated exactly: each run prints its seed, and PROOF_SEED replays it.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** PROOF_SEED when set, else a fresh one. */
export function proofSeed(): number {
  const fromEnv = Number(process.env.PROOF_SEED);
  return Number.isSafeInteger(fromEnv) && fromEnv > 0 ? fromEnv : Math.floor(Math.random() * 2 ** 31) + 1;
}

/** An integer in [min, max]. */
export function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
