import type { PublicClient } from "viem";
import type { z } from "zod";
import { fieldError } from "../../../kernel/errors.ts";
import type { SponsorPrepareRequest } from "../schemas.ts";
import { preparePermit, preparePermit2 } from "./permits.ts";
import { prepareSafeTx } from "./safe-tx.ts";

/**
 * POST /v2/gas_sponsorship/prepare: the transaction the sponsor sends for an owner-signed payload, by its kind —
 * a SafeTx, an ERC-20 Permit or a Permit2 PermitTransferFrom.
 */
export async function prepareSponsored(client: PublicClient, body: z.output<typeof SponsorPrepareRequest>) {
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
}
