import type { Address, PublicClient } from "viem";
import type { LogReader } from "../../chain/log-reader.ts";
import type { Config } from "../../config/env.ts";
import { parseUnitsExact } from "../../lib/decimal.ts";
import { formatDecimal } from "../../lib/format.ts";
import type { ChainName } from "../../schemas/common.ts";
import { readAavePositions } from "./aave-positions.ts";
import { readVaultPositions } from "./vault-positions.ts";

/**
 * The Earn Account's positions on one chain (spec A1). Vaults: any ERC-4626 the account deposited into,
 * found from the vaults' own Deposit/Withdraw events. Aave: the pool's Supply and Withdraw events for the account. Pendle joins as its deployment does.
 */
export async function readEarnPositions(input: {
  config: Config;
  client: PublicClient;
  chain: ChainName;
  logs: LogReader;
  account: Address;
  price: (token: Address) => Promise<bigint | null>;
  lookback: bigint;
}) {
  const [vaults, aave] = await Promise.all([readVaultPositions(input), readAavePositions(input)]);
  const priced = [...vaults, ...aave].filter((v) => v.usd_value !== null);
  const total = priced.reduce((sum, v) => sum + (parseUnitsExact(v.usd_value!, 2) ?? 0n), 0n);
  return {
    aave,
    vaults,
    pendle_pt: [],
    total_usd_value: priced.length ? formatDecimal(total, 2, 2) : null,
  };
}
