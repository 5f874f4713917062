import { CCTP_CHAINS } from "@compass/constants";
import { z } from "zod";
import { Address, amountUnion, TypedData, UnsignedTransaction } from "../../kernel/schemas/common.ts";

export const CctpChain = z.enum(CCTP_CHAINS as ["ethereum", "arbitrum", "base"]).meta({
  id: "CctpChain",
  description: "A chain CCTP v2 bridges between (domains: ethereum 0, arbitrum 3, base 6)",
});
export const TransferMode = z.enum(["standard", "fast"]).meta({
  id: "CctpTransferMode",
  description:
    "standard: after finality (~15–19 min), free; fast: after confirmations (~8–20 s), Circle's fee (~0.01 %)",
});

export const BurnRequest = z
  .object({
    owner: Address.describe("the wallet whose USDC is burned; it sends the transaction"),
    chain: CctpChain.describe("source chain"),
    amount: amountUnion({ description: "USDC, human units", example: "100" }),
    destination_chain: CctpChain.describe("where the USDC is minted"),
    transfer_mode: TransferMode,
    recipient: Address.nullish().describe("Ours: who receives the USDC on the destination (default: owner)"),
    gas_sponsorship: z
      .boolean()
      .default(false)
      .describe("not available: TokenMessengerV2 burns what its caller holds, so the owner sends the burn"),
  })
  .meta({ id: "CctpBurnRequest" });

export const BurnResponse = z
  .object({
    transaction: UnsignedTransaction.describe(
      "depositForBurn on TokenMessengerV2; after approval_transaction when that is set",
    ),
    eip_712: TypedData.nullable().describe("null: burns are sent by the owner"),
    approval_transaction: UnsignedTransaction.nullable().describe(
      "Ours: the USDC approval of TokenMessengerV2 to send first, when the allowance is short (the burn then has the next nonce and no gas figure)",
    ),
    transfer_mode: TransferMode,
    estimated_time_seconds: z.int().describe("until the attestation is ready and mint can be called"),
    bridge_id: z.string().describe("br_…; pass it to POST /v2/cctp/mint with the burn's transaction hash"),
    fee: z.string().describe("USDC Circle is expected to keep (fast: its fee; standard: 0)"),
    max_fee: z
      .string()
      .describe("Ours: the most the burn allows Circle to keep (the fee plus a 20 % margin)"),
    amount: z.string().describe("Ours: USDC burned"),
    recipient: Address.describe("Ours: who receives the USDC on the destination"),
  })
  .meta({ id: "CctpBurnResponse" });

export const MintRequest = z
  .object({
    bridge_id: z.string().trim().min(1).max(128).describe("from POST /v2/cctp/burn"),
    burn_tx_hash: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, "a 32-byte transaction hash")
      .transform((h) => h.toLowerCase() as `0x${string}`)
      .describe("the burn's transaction hash on the source chain"),
    sender: Address.describe("who sends the mint on the destination (anyone may)"),
  })
  .meta({ id: "CctpMintRequest" });

export const MintResponse = z
  .object({
    bridge_id: z.string(),
    status: z
      .enum(["pending", "ready", "completed"])
      .describe(
        "pending (HTTP 202): attestation not ready; ready: `transaction` mints; completed: already minted",
      ),
    transaction: UnsignedTransaction.nullable().describe(
      "receiveMessage on the destination's MessageTransmitterV2; null unless ready",
    ),
    source_chain: CctpChain,
    destination_chain: CctpChain,
    recipient: Address,
    amount: z.string().describe("USDC burned"),
    fee: z.string().nullable().describe("USDC Circle kept (known once attested)"),
    received: z.string().nullish().describe("USDC the recipient gets (amount − fee), once attested"),
    retry_after_seconds: z.int().nullish().describe("pending: when to ask again"),
    estimated_time_seconds: z.int().nullish().describe("pending: the transfer's usual wait"),
  })
  .meta({ id: "CctpMintResponse" });
