/**
 * The venue's notion of "now" (ms). Everything time-driven — nonce windows, oracle ticks, hourly
 * funding, candles — reads this one clock, so tests can drive a whole day in microseconds and the
 * devnet can fast-forward the venue together with its chains.
 */
export interface VenueClock {
  now(): number;
  /** Moves the clock forward; the venue never runs backwards (nonces and funding depend on it). */
  advance(ms: number): number;
}

/** Wall time plus a forward offset (persisted in the state file so a restart keeps advanced time). */
export class WallClock implements VenueClock {
  constructor(public offsetMs = 0) {}
  now(): number {
    return Date.now() + this.offsetMs;
  }
  advance(ms: number): number {
    if (!(ms >= 0)) throw new RangeError("the venue clock only moves forward");
    this.offsetMs += ms;
    return this.now();
  }
}

/** A clock that only moves when told to: deterministic tests and benchmarks. */
export class ManualClock implements VenueClock {
  constructor(private ms: number) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): number {
    if (!(ms >= 0)) throw new RangeError("the venue clock only moves forward");
    this.ms += ms;
    return this.ms;
  }
  /** Strictly increasing timestamps for callers that need one fresh nonce per action. */
  tick(): number {
    this.ms += 1;
    return this.ms;
  }
}
