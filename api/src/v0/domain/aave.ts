import { rethrowRpc } from "../../kernel/chain/clients.ts";
import type { V0ChainValue, V0TokenValue } from "../schemas.ts";
import { chainOf, viaV1 } from "./adapt.ts";
import type { V0Context } from "./ports.ts";

/** v0's liquidity change, whose end block may be omitted (the latest); v1 names both blocks. */
export async function v0LiquidityChange(
  ctx: V0Context,
  body: { chain: V0ChainValue; start_block: number; end_block?: number | null; asset: V0TokenValue },
) {
  const chain = chainOf(body.chain);
  const end =
    body.end_block ??
    Number(
      await ctx.services.chains
        .get(chain, ["body", "chain"])
        .getBlockNumber()
        .catch((error) => rethrowRpc(chain, error)),
    );
  return viaV1(ctx, "v1_aave_liquidity_change", {
    query: { chain, token: body.asset, start_block: String(body.start_block), end_block: String(end) },
  });
}
