import type { Address } from "viem";
import type { ChainSpec, DevnetChainName } from "../config.ts";
import type { DevnetClients } from "../rpc.ts";

/**
 * A capability's contracts on the devnet (one-time-wallet factory, venue bridge, fund token, AMM…).
 * Extensions run after the baseline until each has once completed on a chain (a marker records it; see
 * `everyStart`), so they must be idempotent: an interrupted run is completed by the next start. Deploy through the CREATE2 factory (SafeSingletonFactory) so addresses
 * are deterministic and the address book can list them without reading chain state.
 */
export interface ChainExtension {
  name: string;
  chains: readonly DevnetChainName[];
  ensure(ctx: ExtensionContext): Promise<void>;
  /**
   * run `ensure` on every start, not only until it once completed: for upkeep a restart must redo (a float
   * topped up) or code placed at a fixed address that a newer build replaces
   */
  everyStart?: boolean;
  /** merged into addressbook.chains[chain].contracts */
  contracts?(chain: DevnetChainName): Record<string, Address>;
  /** merged into addressbook.tokens[chain] */
  tokens?(
    chain: DevnetChainName,
  ): Record<string, { address: Address; decimals: number; [k: string]: unknown }>;
}

export interface ExtensionContext {
  spec: ChainSpec;
  clients: DevnetClients;
  log: (line: string) => void;
}
