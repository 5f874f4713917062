import { z } from "zod";
import { Address, Chain, TokenRef, TypedData, UnsignedTransaction } from "../../kernel/schemas/common.ts";
import { PRODUCTS } from "../../product-accounts/index.ts";

/** Wire schemas of /v2/gas_sponsorship. */

export const SponsorPrepareRequest = z
  .object({
    owner: Address.describe("account owner who signed"),
    chain: Chain,
    product: z
      .enum(PRODUCTS)
      .nullish()
      .describe(
        "product account the payload targets; SafeTx payloads name it themselves (default earn for Permit2)",
      ),
    eip_712: TypedData.describe("exactly the object that was signed"),
    signature: z
      .string()
      .trim()
      .regex(/^0x[0-9a-fA-F]+$/, "Expected 0x hex")
      .describe("the owner's signature"),
    sender: Address.describe("sponsor wallet that broadcasts and pays gas"),
  })
  .meta({ id: "SponsorPrepareRequest" });

export const SponsorPrepareResponse = z
  .object({ transaction: UnsignedTransaction })
  .meta({ id: "SponsorPrepareResponse" });

export const ApproveTransferRequest = z
  .object({
    owner: Address.describe("token holder"),
    chain: Chain,
    token: TokenRef("symbol (e.g. USDC) or 0x address"),
    gas_sponsorship: z.boolean().default(false),
  })
  .meta({ id: "ApproveTransferRequest" });

export const ApproveTransferResponse = z
  .object({
    transaction: UnsignedTransaction.nullable(),
    eip_712: TypedData.nullable(),
    already_approved: z.boolean().describe("Ours: Permit2 already has an unlimited allowance"),
  })
  .meta({ id: "ApproveTransferResponse" });
