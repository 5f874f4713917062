import { BRIDGE2, bridge2Abi } from "@compass/constants";
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  parseEventLogs,
  parseSignature,
} from "viem";
import type { z } from "zod";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { minedReceipt } from "../../../kernel/chain/receipt.ts";
import {
  buildUnsignedTransaction,
  prefetchTxFields,
  type UnsignedTx,
} from "../../../kernel/chain/transaction.ts";
import { fieldError, UpstreamError } from "../../../kernel/errors.ts";
import { parseUnitsExact } from "../../../kernel/lib/decimal.ts";
import { arbitrum } from "../bridge/arbitrum.ts";
import { MIN_DEPOSIT_USDC } from "../bridge/bridge2.ts";
import { ARBITRUM_USDC, bridgePermit, permitSigner, permitState } from "../bridge/permit.ts";
import { depositFailure } from "../bridge/simulate-deposit.ts";
import type { DepositRequest, SponsoredDepositRequest } from "../schemas.ts";
import type { PerpetualTradingContext } from "./ports.ts";

/** How long the owner has to get the permit relayed (Ours): an hour of chain time. */
const PERMIT_LIFETIME_S = 3600n;

/**
 * POST /v2/perpetual_trading/deposit: the EIP-2612 permit of the owner's Arbitrum USDC for Bridge2 that a sponsor
 * relays (prepareSponsoredDeposit), the venue crediting the owner. At least the bridge's minimum, at most what the
 * owner holds.
 */
export async function depositPermit(ctx: PerpetualTradingContext, body: z.output<typeof DepositRequest>) {
  const raw = parseUnitsExact(body.amount, 6)!;
  if (raw < BigInt(MIN_DEPOSIT_USDC) * 1_000_000n)
    throw fieldError(
      ["body", "amount"],
      `Minimum deposit is ${MIN_DEPOSIT_USDC} USDC (smaller deposits never reach the venue)`,
    );
  if (raw > BigInt(Number.MAX_SAFE_INTEGER)) throw fieldError(["body", "amount"], "Amount is too large");
  const state = await permitState(arbitrum(ctx), body.owner).catch((error) => rethrowRpc("arbitrum", error));
  if (state.balance < raw)
    throw fieldError(
      ["body", "amount"],
      `Owner holds ${formatUnits(state.balance, 6)} USDC on Arbitrum, less than ${body.amount}`,
    );
  return {
    permit: bridgePermit(body.owner, raw, state.nonce, state.now + PERMIT_LIFETIME_S),
    amount_raw: Number(raw),
    destination: body.owner,
  };
}

export type SponsoredDepositInput = z.output<typeof SponsoredDepositRequest>;

/**
 * Bridge2.batchedDepositWithPermit carrying the owner's signed permit, for `sender` (a sponsor wallet)
 * to sign and broadcast. Checked first: deadline, the owner's USDC balance, the permit's signer, and a
 * simulation — the bridge does not revert on a bad permit, so the simulation must show USDC moving.
 */
export async function prepareSponsoredDeposit(
  ctx: PerpetualTradingContext,
  body: SponsoredDepositInput,
): Promise<{ transaction: UnsignedTx }> {
  const client = arbitrum(ctx);
  const amount = BigInt(body.amount_raw);
  if (amount < BigInt(MIN_DEPOSIT_USDC) * 1_000_000n)
    throw fieldError(
      ["body", "amount_raw"],
      `Minimum deposit is ${MIN_DEPOSIT_USDC} USDC (smaller deposits never reach the venue)`,
    );
  const deadline = BigInt(body.deadline);
  const state = await permitState(client, body.owner).catch((error) => rethrowRpc("arbitrum", error));
  if (deadline < state.now)
    throw fieldError(
      ["body", "deadline"],
      `The permit expired at ${deadline}; chain time is ${state.now}. Ask /deposit for a new one.`,
    );
  if (state.balance < amount)
    throw fieldError(
      ["body", "amount_raw"],
      `Owner holds ${formatUnits(state.balance, 6)} USDC on Arbitrum, less than ${formatUnits(amount, 6)}`,
    );
  const signer = await permitSigner(body.owner, amount, state.nonce, deadline, body.signature);
  if (signer !== body.owner)
    throw fieldError(
      ["body", "signature"],
      `Not the owner's permit for ${formatUnits(amount, 6)} USDC, deadline ${deadline} and nonce ${state.nonce}${signer ? ` (signed by ${signer})` : ""}`,
    );
  const { r, s, yParity } = parseSignature(body.signature);
  const data = encodeFunctionData({
    abi: bridge2Abi,
    functionName: "batchedDepositWithPermit",
    args: [
      [
        {
          user: body.owner,
          usd: amount,
          deadline,
          signature: { r: BigInt(r), s: BigInt(s), v: 27 + yParity },
        },
      ],
    ],
  });
  try {
    const failure = await depositFailure(client, body.sender, body.owner, amount, data);
    if (failure) throw fieldError(["body", "signature"], `The deposit would not happen: ${failure}`);
    return {
      transaction: await buildUnsignedTransaction(
        client,
        "arbitrum",
        { from: body.sender, to: BRIDGE2, data },
        prefetchTxFields(client, "arbitrum", body.sender),
        { senderLoc: ["body", "sender"] },
      ),
    };
  } catch (error) {
    return rethrowRpc("arbitrum", error);
  }
}

/** The integrator's sponsor wallet: the API never holds its key, the host app passes it in. */
export interface SponsorWallet {
  address: Address;
  send(transaction: UnsignedTx): Promise<Hex>;
}

/**
 * Relays an owner's signed permit from the sponsor wallet: prepare (every check above), send, wait for
 * the receipt, and confirm the USDC Transfer into the bridge — a mined relay that moved nothing (the
 * bridge swallows failed permits) is a 502, never a success.
 */
export async function relaySponsoredDeposit(
  ctx: PerpetualTradingContext,
  body: Omit<SponsoredDepositInput, "sender">,
  sponsor: SponsorWallet,
): Promise<{ txHash: Hex }> {
  const { transaction } = await prepareSponsoredDeposit(ctx, { ...body, sender: sponsor.address });
  const txHash = await sponsor.send(transaction);
  const receipt = await minedReceipt(arbitrum(ctx), txHash).catch((error) => rethrowRpc("arbitrum", error));
  const moved = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: "Transfer" }).some(
    (l) => l.address.toLowerCase() === ARBITRUM_USDC.address.toLowerCase() && l.args.to === BRIDGE2,
  );
  if (receipt.status !== "success" || !moved)
    throw new UpstreamError("arbitrum", `The relay ${txHash} moved no USDC into the bridge`, "Relay failed");
  return { txHash };
}
