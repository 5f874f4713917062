import { fieldError } from "../../../kernel/errors.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { preparePermit, preparePermit2 } from "../domain/permits.ts";
import { prepareSafeTx } from "../domain/safe-tx.ts";
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
    const client = ctx.services.chains.get(body.chain, ["body", "chain"]);
    const input = {
      client,
      chain: body.chain,
      owner: body.owner,
      sender: body.sender,
      product: body.product ?? undefined,
      payload: body.eip_712,
      signature: body.signature as `0x${string}`,
    };
    const kind = body.eip_712.primaryType;
    if (kind === "SafeTx") return { transaction: await prepareSafeTx(input) };
    if (kind === "Permit") return { transaction: await preparePermit(input) };
    if (kind === "PermitTransferFrom") return { transaction: await preparePermit2(input) };
    throw fieldError(["body", "eip_712", "primaryType"], "Expected SafeTx, Permit or PermitTransferFrom");
  },
});
