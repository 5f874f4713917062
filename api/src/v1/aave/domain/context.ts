import type { Context } from "../../../kernel/context.ts";
import type { Loc } from "../../../kernel/errors.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { type AaveV1Market, aaveV1Market, readBlock } from "./market.ts";

/** What every v1 Aave read starts from: the chain's market, the block it answers for, and the log page size. */
export async function aaveRead(ctx: Context, chain: ChainName, block?: number, loc?: Loc) {
  const market: AaveV1Market = aaveV1Market(
    ctx.config,
    chain,
    ctx.services.chains.get(chain, ["query", "chain"]),
  );
  const logs = ctx.services.chains.logs;
  const at = await readBlock(market, logs, block, loc);
  return { market, logs, at, page: BigInt(ctx.config.logs.maxRange) };
}
