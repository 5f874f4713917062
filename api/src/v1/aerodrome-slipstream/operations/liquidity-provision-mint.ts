import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { mintTransaction } from "../../../protocols/uniswap-v3/index.ts";
import { slipstreamOn } from "../domain/deployment.ts";
import { AerodromeSlipstreamMintLiquidityProvisionRequest } from "../schemas.ts";

export const liquidityProvisionMint = defineOperation({
  method: "POST",
  path: "/v1/aerodrome_slipstream/liquidity_provision/mint",
  summary: "Open a new LP position",
  description:
    "A transaction for `sender` that opens a position in the `tick_spacing` Slipstream pool of `token0` and `token1` (either order) between two ticks, through its NonfungiblePositionManager; ticks must be multiples of the spacing; balances and allowances to `AerodromeSlipstreamNonfungiblePositionManager` are checked first.",
  body: AerodromeSlipstreamMintLiquidityProvisionRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) =>
    mintTransaction(ctx.config, slipstreamOn(ctx, "body"), { tickSpacing: body.tick_spacing }, body),
});
