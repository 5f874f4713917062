import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export interface SettledSession {
  wallet: `0x${string}`;
  /** the deployAndForward transaction that moved the USDC to the recipient */
  forwardTx: `0x${string}`;
  amount: string;
  settledAt: number;
}

export interface SettlementState {
  version: 1;
  /** `created` (unix seconds) from which the next pass lists sessions: nothing older still needs us */
  cursor: number;
  settled: Record<string, SettledSession & { created: number }>;
}

/** The worker's state on disk, written whole to a temporary file and renamed (never half-written). */
export class StateFile {
  constructor(private readonly path: string) {}

  load(startCreated: number): SettlementState {
    try {
      const state = JSON.parse(readFileSync(this.path, "utf8")) as SettlementState;
      if (state.version === 1) return state;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    return { version: 1, cursor: startCreated, settled: {} };
  }

  save(state: SettlementState): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`);
    renameSync(tmp, this.path);
  }
}
