import { defineOperation } from "../../../kernel/registry/define.ts";
import { buildBundle } from "../domain/bundle.ts";
import type { EarnContext } from "../domain/ports.ts";
import { EarnBundleRequest, EarnBundleResponse } from "../schemas.ts";

export const bundle = defineOperation({
  method: "POST",
  path: "/v2/earn/bundle",
  summary: "Several earn actions in one transaction",
  description:
    "Executes `actions` in order as one Safe transaction of the Earn Account (MultiSendCallOnly), all or nothing: pull tokens from the owner with a Permit2 signature (`V2_TRANSFER_FROM_EOA`, spender = the account), deposit into or withdraw from venues (`V2_MANAGE`), swap (`V2_SWAP`), pay out (`V2_TRANSFER_TO_EOA`, `V2_TRANSFER_TO_ADDRESS`). The account must exist. Simulated as a whole before it is returned.",
  body: EarnBundleRequest,
  response: EarnBundleResponse,
  widget: true,
  cli: { short: { chain: "c", gas_sponsorship: "g" } },
  async handler({ body }, ctx: EarnContext) {
    return buildBundle({
      config: ctx.config,
      aggregator: ctx.services.aggregator,
      client: ctx.services.chains.get(body.chain, ["body", "chain"]),
      chain: body.chain,
      logs: ctx.services.chains.logs,
      owner: body.owner,
      sponsored: body.gas_sponsorship,
      actions: body.actions.map((a) => a.body),
    });
  },
});
