import { type Address, getAddress, type PublicClient } from "viem";
import { type BlockHeader, readBlockAt } from "../../kernel/chain/block-at.ts";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import { addressBook, type Config } from "../../kernel/config/env.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";

/** The chain's Aave v3 market: its pool, the data provider reading it, and the oracle it prices with. */
export interface AaveMarket {
  chain: ChainName;
  pool: Address;
  dataProvider: Address;
  oracle: Address;
}

/** The market from the deployment's address book; null when Aave v3 is not on `chain` here. */
export function aaveMarket(config: Config, chain: ChainName): AaveMarket | null {
  const c = addressBook(config)?.chains[chain]?.contracts;
  if (!c?.AavePool || !c.AaveProtocolDataProvider || !c.AaveOracle) return null;
  return {
    chain,
    pool: getAddress(c.AavePool),
    dataProvider: getAddress(c.AaveProtocolDataProvider),
    oracle: getAddress(c.AaveOracle),
  };
}

/** The market, or a 422 on `loc` when Aave v3 is not configured on `chain`. */
export function requireAaveMarket(config: Config, chain: ChainName, loc: Loc): AaveMarket {
  const market = aaveMarket(config, chain);
  if (!market) throw fieldError(loc, `Aave v3 is not configured on ${chain} in this deployment`);
  return market;
}

/**
 * The block a read of the market answers for: `block` as given (it must exist and come after the pool's
 * deployment: before it the protocol did not exist), or the head; a 422 on `loc` otherwise.
 */
export function readAaveBlock(
  client: PublicClient,
  market: AaveMarket,
  logs: LogReader,
  block: number | undefined,
  loc: Loc = ["query", "block"],
): Promise<BlockHeader> {
  return readBlockAt(client, market.chain, block, {
    loc,
    since: { logs, address: market.pool, what: "Aave v3" },
  });
}
