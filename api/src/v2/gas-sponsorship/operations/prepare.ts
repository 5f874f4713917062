import { defineOperation } from "../../../kernel/registry/define.ts";
import { prepareSponsored } from "../domain/prepare.ts";
import { SponsorPrepareRequest, SponsorPrepareResponse } from "../schemas.ts";

export const prepare = defineOperation({
  method: "POST",
  path: "/v2/gas_sponsorship/prepare",
  summary: "Turn an owner-signed payload into a transaction a sponsor sends",
  description:
    "Takes the `eip_712` an operation returned with `gas_sponsorship: true` and the owner's signature, and builds the transaction `sender` (the sponsor) broadcasts and pays for: SafeTx → the product account's `execTransaction`; ERC-20 Permit → `permit`; Permit2 `PermitTransferFrom` → `permitTransferFrom` into the owner's product account (`product`, default earn; the sponsor must be the signed spender). The signature is checked against the owner and the result simulated.",
  body: SponsorPrepareRequest,
  response: SponsorPrepareResponse,
  async handler({ body }, ctx) {
    return prepareSponsored(ctx.services.chains.get(body.chain, ["body", "chain"]), body);
  },
});
