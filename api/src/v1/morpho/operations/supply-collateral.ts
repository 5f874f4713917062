import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { blueWrite } from "../domain/blue-writes.ts";
import { MorphoSupplyCollateralRequest } from "../schemas.ts";

export const supplyCollateral = defineOperation({
  method: "POST",
  path: "/v1/morpho/supply_collateral",
  summary: "Supply Collateral",
  description:
    "A transaction for `sender` that posts `amount` of a Morpho Blue market's collateral token for `on_behalf_of` (default the sender): `supplyCollateral`. The sender's balance and its allowance to `Morpho` are checked first.",
  body: MorphoSupplyCollateralRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => blueWrite("supply_collateral", body, ctx),
});
