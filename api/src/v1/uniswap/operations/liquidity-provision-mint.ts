import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { mintTransaction } from "../../../protocols/uniswap-v3/index.ts";
import { uniswapOn } from "../domain/pools.ts";
import { UniswapMintLiquidityProvisionRequest } from "../schemas.ts";

export const liquidityProvisionMint = defineOperation({
  method: "POST",
  path: "/v1/uniswap/liquidity_provision/mint",
  summary: "Open a new LP position",
  description:
    "A transaction for `sender` that opens a Uniswap v3 position in the `fee` tier's pool of `token0` and `token1` over [`tick_lower`, `tick_upper`) (`mint` on the NonfungiblePositionManager; the NFT to `recipient`). Ticks must be multiples of the tier's spacing; both amounts are checked against the sender's balances and allowances to `UniswapV3NFTPositionManager` first.",
  body: UniswapMintLiquidityProvisionRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) =>
    mintTransaction(ctx.config, uniswapOn(ctx, body.chain, "body"), { tier: body.fee }, body),
});
