import { defineOperation } from "../../../kernel/registry/define.ts";
import { bundleAction } from "../domain/actions.ts";
import type { CreditContext } from "../domain/ports.ts";
import { CreditBundleRequest, CreditBundleResponse } from "../schemas.ts";

export const bundle = defineOperation({
  method: "POST",
  path: "/v2/credit/bundle",
  summary: "Several credit actions in one transaction",
  description:
    "Executes `actions` in order as one Safe transaction of the Credit Account, all or nothing: pull tokens from the owner with a Permit2 signature (`V2_TRANSFER_FROM_EOA`, spender = the account), swap through the aggregator (`V2_SWAP`), supply, withdraw, borrow (less an optional fee), repay and enable as collateral on Aave v3, or the same in the Morpho Blue market `market_id` with `protocol` MORPHO (`CREDIT_*`; a market's collateral is posted and withdrawn, its loan token borrowed and repaid), pay out to the owner (`V2_TRANSFER_TO_EOA`) or, once nothing is owed, to any address (`CREDIT_TRANSFER_TO_ADDRESS`). The account must exist. Simulated as a whole before it is returned.",
  body: CreditBundleRequest,
  response: CreditBundleResponse,
  widget: true,
  cli: { short: { chain: "c", gas_sponsorship: "g" } },
  async handler({ body }, ctx: CreditContext) {
    return bundleAction({
      config: ctx.config,
      client: ctx.services.chains.get(body.chain, ["body", "chain"]),
      logs: ctx.services.chains.logs,
      aggregator: ctx.services.aggregator,
      body,
    });
  },
});
