import { defineOperation } from "../../../kernel/registry/define.ts";
import { buildBurn } from "../domain/burn.ts";
import type { CctpContext } from "../domain/ports.ts";
import { BurnRequest, BurnResponse } from "../schemas.ts";

export const cctpBurn = defineOperation({
  method: "POST",
  path: "/v2/cctp/burn",
  name: "cctpBurn",
  summary: "Burn USDC to bridge it with CCTP v2",
  description:
    "The owner's USDC burned on `chain` by Circle's TokenMessengerV2 for minting on `destination_chain`: `fast` (after the source's confirmations, Circle's fee) or `standard` (after finality, free). Returns the transaction (and the approval to send first when the allowance is short), the fee and the `bridge_id` POST /v2/cctp/mint takes with the burn's transaction hash.",
  body: BurnRequest,
  response: BurnResponse,
  errors: [
    {
      status: 422,
      description:
        "invalid request: same chain, amount above the balance or not above the fast fee, gas_sponsorship",
    },
    { status: 502, description: "Circle's attestation service (fees) or the chain unreachable" },
  ],
  errorModel: "mixed",
  cli: { command: "burn", short: { chain: "c", amount: "a" } },
  async handler({ body }, ctx: CctpContext) {
    return buildBurn(body, ctx);
  },
});
