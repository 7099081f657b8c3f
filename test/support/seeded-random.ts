// A small deterministic generator for tests that seed many varied rows: the same rows every run, so
// a failure can be reproduced. Numbers in [0, 1).
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}
