/**
 * Counter-based randomness: a value is a pure function of (seed, stream, index), so any point of
 * the oracle path can be recomputed from the seed and the clock alone — no walk state to persist,
 * identical after a restart, and independent of how often the clock was sampled.
 */

/** 32-bit avalanche mix (murmur3 finalizer). */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit seed from any string (FNV-1a, then mixed). */
export function seedFromString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return mix(h);
}

/** Uniform in [-1, 1) for lattice point `index` (any safe integer, including negatives) of a stream. */
export function latticeValue(seed: number, stream: number, index: number): number {
  const hi = Math.floor(index / 0x1_0000_0000);
  const lo = index - hi * 0x1_0000_0000;
  let h = mix(seed ^ Math.imul(stream + 1, 0x9e3779b1));
  h = mix(h ^ (lo >>> 0));
  h = mix(h ^ (hi | 0));
  return h / 0x8000_0000 - 1;
}
