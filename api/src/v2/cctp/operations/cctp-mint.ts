import { defineOperation } from "../../../kernel/registry/define.ts";
import { buildMint } from "../domain/mint.ts";
import type { CctpContext } from "../domain/ports.ts";
import { MintRequest, MintResponse } from "../schemas.ts";

export const cctpMint = defineOperation({
  method: "POST",
  path: "/v2/cctp/mint",
  name: "cctpMint",
  summary: "Mint bridged USDC on the destination",
  description:
    'Reads the burn\'s attestation from Circle\'s service. 200 with `status: "ready"` and the `receiveMessage` transaction for `sender` on the destination (simulated), or `status: "completed"` when it was already minted; 202 with `status: "pending"` while the attestation is not ready (ask again after `retry_after_seconds`); 404 for a bridge id this API did not issue or a transaction with no burn.',
  body: MintRequest,
  response: MintResponse,
  errors: [
    {
      status: 202,
      description: 'attestation pending: the body has status "pending" and retry_after_seconds',
    },
    { status: 404, description: "unknown bridge_id, or no burn in burn_tx_hash" },
    { status: 422, description: "invalid request, or a burn for another destination or recipient" },
    { status: 502, description: "Circle's attestation service or the chain unreachable" },
  ],
  errorModel: "mixed",
  cli: { command: "mint", short: { sender: "s" } },
  async handler({ body }, ctx: CctpContext) {
    return buildMint(body, ctx);
  },
});
