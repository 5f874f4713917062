import { USDC } from "@compass/constants";
import { type Address, formatUnits, type Hex } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { buildUnsignedTransaction, prefetchTxFields } from "../../../kernel/chain/transaction.ts";
import { DomainError, fieldError } from "../../../kernel/errors.ts";
import { withStatus } from "../../../kernel/registry/define.ts";
import {
  burnedAmount,
  burnMessageFor,
  decodeBridgeId,
  domainOf,
  estimatedSeconds,
  executedFee,
  isAttested,
  isReceived,
  mintRefused,
  receiveMessageCall,
} from "../../../protocols/cctp/index.ts";
import type { CctpContext } from "./ports.ts";

export interface MintRequest {
  bridge_id: string;
  burn_tx_hash: Hex;
  sender: Address;
}

/**
 * POST /v2/cctp/mint: the burn's attestation from Circle's service. While it is pending the answer is 202 (retry
 * after `retry_after_seconds`); once complete, `receiveMessage(message, attestation)` on the destination for
 * `sender` to send, simulated (`status: "ready"`), or `status: "completed"` and no transaction when the message
 * was already received there. An id this API did not issue, or a transaction with no burn, is a 404.
 */
export async function buildMint(body: MintRequest, ctx: CctpContext) {
  const route = decodeBridgeId(body.bridge_id);
  const src = domainOf(route.source);
  const dst = domainOf(route.destination);
  const usdc = USDC[route.destination]!;
  const messages = await ctx.services.iris.messages(src, body.burn_tx_hash);
  if (!messages?.length)
    throw new DomainError(
      404,
      "Burn not found",
      `burn_tx_hash: no CCTP burn in ${body.burn_tx_hash} on ${route.source} (is it mined?)`,
    );
  const message = burnMessageFor(messages, dst, route.recipient);
  if (!message)
    throw fieldError(
      ["body", "burn_tx_hash"],
      `${body.burn_tx_hash} burns for another destination or recipient than bridge ${body.bridge_id}`,
    );
  const decoded = message.decodedMessage!;
  const amount = burnedAmount(decoded);
  const common = {
    bridge_id: body.bridge_id,
    source_chain: route.source,
    destination_chain: route.destination,
    recipient: route.recipient,
    amount: formatUnits(amount, usdc.decimals),
  };
  if (!isAttested(message)) {
    return withStatus(202, {
      ...common,
      status: "pending" as const,
      transaction: null,
      fee: null,
      retry_after_seconds: route.mode === "fast" ? 5 : 60,
      estimated_time_seconds: estimatedSeconds(route.source, route.mode),
    });
  }
  const fee = executedFee(decoded);
  const client = ctx.services.chains.get(route.destination);
  const received = await isReceived(client, decoded.nonce).catch((e) => rethrowRpc(route.destination, e));
  const settled = {
    ...common,
    fee: formatUnits(fee, usdc.decimals),
    received: formatUnits(amount - fee, usdc.decimals),
  };
  if (received) return { ...settled, status: "completed" as const, transaction: null };
  const call = receiveMessageCall(message.message as Hex, message.attestation as Hex);
  const transaction = await buildUnsignedTransaction(
    client,
    route.destination,
    { from: body.sender, to: call.to, data: call.data },
    prefetchTxFields(client, route.destination, body.sender),
    { senderLoc: ["body", "sender"], explain: mintRefused },
  );
  return { ...settled, status: "ready" as const, transaction };
}
