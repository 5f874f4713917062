import { encodeAbiParameters, keccak256 } from "viem";

/**
 * The devnet's seeded price model (contracts/rwa/PriceModel.sol) in TypeScript, for the off-chain systems the
 * devnet models (the equity relay prices its quotes with it): drift accrual times (1 + noise × vol), the noise
 * a sum of four octaves of keccak-seeded knots linearly interpolated. Integer arithmetic as in the contract.
 */
export interface SeededPriceParams {
  seed: bigint;
  /** USD per whole token at t0, 18 decimals */
  p0: bigint;
  t0: number;
  apyBps: number;
  volBps: number;
}

const ONE = 10n ** 18n;
const BPS = 10_000n;
const YEAR = 365n * 86_400n;
const OCTAVES: readonly (readonly [bigint, bigint])[] = [
  [604_800n, 10_000n],
  [86_400n, 4_000n],
  [3_600n, 1_200n],
  [300n, 300n],
];
const cache = new Map<string, bigint>();

function knot(seed: bigint, o: number, k: bigint): bigint {
  const key = `${seed}:${o}:${k}`;
  let v = cache.get(key);
  if (v === undefined) {
    const h = keccak256(
      encodeAbiParameters(
        [{ type: "uint256" }, { type: "uint256" }, { type: "uint256" }],
        [seed, BigInt(o), k],
      ),
    );
    v = (BigInt(h) % (2n * ONE + 1n)) - ONE;
    if (cache.size > 100_000) cache.clear();
    cache.set(key, v);
  }
  return v;
}

/** Price at unix time `t`, USD per whole token, 18 decimals. */
export function seededPrice(p: SeededPriceParams, t: number): bigint {
  const dt = BigInt(Math.max(0, Math.floor(t) - p.t0));
  const accrued = (p.p0 * (ONE + (BigInt(p.apyBps) * dt * ONE) / (BPS * YEAR))) / ONE;
  let noise = 0n;
  OCTAVES.forEach(([period, weight], o) => {
    const k = dt / period;
    const a = knot(p.seed, o, k);
    const b = knot(p.seed, o, k + 1n);
    noise += ((a + ((b - a) * (dt % period)) / period) * weight) / BPS;
  });
  return (accrued * (ONE + (noise * BigInt(p.volBps)) / BPS)) / ONE;
}
