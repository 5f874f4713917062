import { CCTP_TOKEN_MESSENGER_V2, type CctpChain, USDC } from "@compass/constants";
import { type Address, erc20Abi, formatUnits } from "viem";
import { simulateEach } from "../../../kernel/chain/bundle-simulation.ts";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import {
  buildUnsignedTransaction,
  prefetchTxFields,
  type UnsignedTx,
} from "../../../kernel/chain/transaction.ts";
import { fieldError } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import {
  burnApprovalCall,
  burnRefused,
  depositForBurnCall,
  domainOf,
  encodeBridgeId,
  estimatedSeconds,
  fastFee,
  type TransferMode,
} from "../../../protocols/cctp/index.ts";
import type { CctpContext } from "./ports.ts";

/** The fast fee's margin in the burn's `maxFee`: Circle's fee may move between quote and attestation. */
const FEE_BUFFER_PERCENT = 20n;

export interface BurnRequest {
  owner: Address;
  chain: CctpChain;
  destination_chain: CctpChain;
  amount: string;
  transfer_mode: TransferMode;
  recipient?: Address | null;
  gas_sponsorship: boolean;
}

/**
 * POST /v2/cctp/burn: the owner's USDC burned on `chain` by Circle's TokenMessengerV2 for `recipient` on the
 * destination. Fast asks for finality 1000 and allows Circle's fee plus a margin as `maxFee` (the fee executed
 * may be lower; a fee above `maxFee` would be attested as standard instead, free); standard asks for 2000 and
 * pays nothing. When the owner's allowance is short, `approval_transaction` comes first and the burn is simulated
 * on the state it leaves (nonce after it, gas left to the wallet).
 */
export async function buildBurn(body: BurnRequest, ctx: CctpContext) {
  if (body.gas_sponsorship)
    throw fieldError(
      ["body", "gas_sponsorship"],
      "a CCTP burn takes USDC from the owner's own wallet, which must send it (TokenMessengerV2 burns what msg.sender holds); send it without gas_sponsorship",
    );
  if (body.destination_chain === body.chain)
    throw fieldError(
      ["body", "destination_chain"],
      `the destination must differ from the source (${body.chain})`,
    );
  const client = ctx.services.chains.get(body.chain, ["body", "chain"]);
  const usdc = USDC[body.chain]!;
  const amount = toRawAmount(body.amount, usdc.decimals, ["body", "amount"], "USDC");
  const recipient = body.recipient ?? body.owner;
  const [src, dst] = [domainOf(body.chain), domainOf(body.destination_chain)];
  const fields = prefetchTxFields(client, body.chain, body.owner);
  const read = (functionName: "balanceOf" | "allowance", args: readonly Address[]) =>
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: usdc.address,
      abi: erc20Abi,
      functionName,
      args,
    } as any) as Promise<bigint>;
  const [balance, allowance, fees] = await Promise.all([
    read("balanceOf", [body.owner]).catch((e) => rethrowRpc(body.chain, e)),
    read("allowance", [body.owner, CCTP_TOKEN_MESSENGER_V2]).catch((e) => rethrowRpc(body.chain, e)),
    body.transfer_mode === "fast" ? ctx.services.iris.fees(src, dst) : Promise.resolve([]),
  ]);
  if (balance < amount)
    throw fieldError(
      ["body", "amount"],
      `the owner holds ${formatUnits(balance, usdc.decimals)} USDC on ${body.chain}, less than ${body.amount}`,
    );

  let fee = 0n;
  let maxFee = 0n;
  if (body.transfer_mode === "fast") {
    fee = fastFee(amount, fees);
    maxFee = fee + (fee * FEE_BUFFER_PERCENT + 99n) / 100n;
    if (maxFee >= amount)
      throw fieldError(
        ["body", "amount"],
        `too small for a fast transfer: its fee (${formatUnits(maxFee, usdc.decimals)} USDC with margin) must be less than the amount; send more or use transfer_mode standard`,
      );
  }
  const call = depositForBurnCall({
    amount,
    destinationDomain: dst,
    recipient,
    token: usdc.address,
    maxFee,
    mode: body.transfer_mode,
  });
  const approval = burnApprovalCall(usdc.address, amount);
  let approvalTx: UnsignedTx | null = null;
  let transaction: UnsignedTx;
  const senderLoc = ["body", "owner"];
  if (allowance < amount) {
    const [, burned] = await simulateEach(client, {
      account: body.owner,
      accountCode: "0x",
      calls: [approval, call].map((c) => ({ ...c, value: 0n })),
    }).catch((e) => rethrowRpc(body.chain, e));
    if (!burned!.success) burnRefused(burned!.returnData);
    const tx = { from: body.owner, ...approval };
    approvalTx = await buildUnsignedTransaction(client, body.chain, tx, fields, { senderLoc });
    const f = await fields;
    const nonce = `0x${(f.nonce + 1).toString(16)}`;
    transaction = { ...approvalTx, to: call.to, data: call.data, gas: null, nonce };
  } else {
    const tx = { from: body.owner, ...call };
    transaction = await buildUnsignedTransaction(client, body.chain, tx, fields, {
      senderLoc,
      explain: burnRefused,
    });
  }
  return {
    transaction,
    eip_712: null,
    approval_transaction: approvalTx,
    transfer_mode: body.transfer_mode,
    estimated_time_seconds: estimatedSeconds(body.chain, body.transfer_mode),
    bridge_id: encodeBridgeId({
      source: body.chain,
      destination: body.destination_chain,
      mode: body.transfer_mode,
      recipient,
    }),
    fee: formatUnits(fee, usdc.decimals),
    max_fee: formatUnits(maxFee, usdc.decimals),
    amount: formatUnits(amount, usdc.decimals),
    recipient,
  };
}
