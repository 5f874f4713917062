import { bytesToBigInt, hexToBytes, keccak256, numberToHex } from "viem";

/**
 * TypeScript twin of devnet/contracts/rwa/PriceModel.sol: the reference price of a venue-traded asset as a
 * pure function of time. Same integer arithmetic as the contract (bigint division truncates toward zero
 * like Solidity's), so history and candles computed here equal what the venue quoted at those times.
 */
export interface PriceParams {
  seed: bigint;
  /** USD per whole token, 18 decimals */
  p0: bigint;
  t0: number;
  apyBps: number;
  volBps: number;
}

const ONE = 10n ** 18n;
const BPS = 10_000n;
const YEAR = 365n * 86_400n;
/** period (seconds) and weight (bps) of each octave, as in the contract */
const OCTAVES: [bigint, bigint][] = [
  [7n * 86_400n, 10_000n],
  [86_400n, 4_000n],
  [3_600n, 1_200n],
  [300n, 300n],
];
/** The finest knot spacing: between knots the price is linear, so extremes sit on knots. */
export const KNOT_SECONDS = 300;

const buffer = new Uint8Array(96);
const view = new DataView(buffer.buffer);
/** knot values per seed, keyed by octave and index (hashing dominates the cost of a price) */
const knots = new Map<bigint, { seedBytes: Uint8Array; values: Map<number, bigint> }>();

/** keccak256(abi.encode(seed, o, k)) as the contract computes it, mapped into [-1, 1]. */
function knot(seed: bigint, o: number, k: bigint): bigint {
  let entry = knots.get(seed);
  if (!entry) {
    if (knots.size > 64) knots.clear();
    entry = { seedBytes: hexToBytes(numberToHex(seed, { size: 32 })), values: new Map() };
    knots.set(seed, entry);
  }
  const key = Number(k) * 4 + o;
  let v = entry.values.get(key);
  if (v === undefined) {
    buffer.set(entry.seedBytes, 0);
    buffer.fill(0, 32, 96);
    view.setUint32(60, o);
    view.setBigUint64(88, k);
    v = (bytesToBigInt(keccak256(buffer, "bytes")) % (2n * ONE + 1n)) - ONE;
    if (entry.values.size > 400_000) entry.values.clear();
    entry.values.set(key, v);
  }
  return v;
}

function noise(seed: bigint, dt: bigint): bigint {
  let sum = 0n;
  OCTAVES.forEach(([period, weight], o) => {
    const k = dt / period;
    const a = knot(seed, o, k);
    const b = knot(seed, o, k + 1n);
    const v = a + ((b - a) * (dt % period)) / period;
    sum += (v * weight) / BPS;
  });
  return sum;
}

export function growth(apyBps: number, dt: bigint): bigint {
  return ONE + (BigInt(apyBps) * dt * ONE) / (BPS * YEAR);
}

/** Reference price at unix time `t`, USD per whole token with 18 decimals. */
export function referencePrice(p: PriceParams, t: number): bigint {
  const dt = BigInt(Math.max(0, Math.floor(t) - p.t0));
  const accrued = (p.p0 * growth(p.apyBps, dt)) / ONE;
  const factor = ONE + (noise(p.seed, dt) * BigInt(p.volBps)) / BPS;
  return (accrued * factor) / ONE;
}
