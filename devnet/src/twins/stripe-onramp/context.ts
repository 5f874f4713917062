import type { OnrampSettings } from "./settings.ts";
import type { OnrampState } from "./state.ts";

/** What every part of the twin works with: its state, settings, devnet time and persistence. */
export interface TwinContext {
  state: OnrampState;
  settings: OnrampSettings;
  /** devnet time, unix seconds */
  now(): number;
  /** the twin's own origin, for URLs it hands out (payment and verification pages) */
  publicUrl: string;
  /** state changed; saved soon */
  touch(): void;
  /** state changed in a way that must be on disk before it is acknowledged (money, payments) */
  persist(): Promise<void>;
}

export function randomId(prefix: string, bytes = 12): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return `${prefix}${Buffer.from(raw).toString("base64url").replace(/[-_]/g, "")}`;
}

export function randomHex(bytes = 32): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("hex");
}
