import type { Config } from "../../../kernel/config/env.ts";
import type { Context } from "../../../kernel/context.ts";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { type AaveMarket, aaveMarket, readAaveBlock } from "../../../protocols/aave/index.ts";

/** The chain's Aave v3 market, or a 422 on the query's chain when this deployment has none there. */
export function v1Market(config: Config, chain: ChainName): AaveMarket {
  const market = aaveMarket(config, chain);
  if (!market) throw fieldError(["query", "chain"], `Aave v3 is not deployed on ${chain} in this deployment`);
  return market;
}

/** What every v1 Aave read starts from: the chain's market, the block it answers for, and the log page size. */
export async function aaveRead(ctx: Context, chain: ChainName, block?: number, loc?: Loc) {
  const client = ctx.services.chains.get(chain, ["query", "chain"]);
  const market = v1Market(ctx.config, chain);
  const logs = ctx.services.chains.logs;
  const at = await readAaveBlock(client, market, logs, block, loc);
  return { client, market, logs, at, page: BigInt(ctx.config.logs.maxRange) };
}
