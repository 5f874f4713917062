import { BRIDGE2, bridge2Abi } from "@compass/constants";
import { encodeFunctionData, formatUnits, parseSignature } from "viem";
import { z } from "zod";
import { rethrowRpc } from "../../chain/clients.ts";
import { buildUnsignedTransaction, prefetchTxFields } from "../../chain/transaction.ts";
import { fieldError } from "../../errors.ts";
import { defineOperation } from "../../registry/define.ts";
import { Address, SafeInt, UnsignedTransaction } from "../../schemas/common.ts";
import { arbitrum } from "../bridge/arbitrum.ts";
import { permitSigner, permitState } from "../bridge/permit.ts";
import { depositFailure } from "../bridge/simulate-deposit.ts";
import { HexSignature } from "../schemas.ts";

export const depositSponsorPrepare = defineOperation({
  method: "POST",
  path: "/v2/perpetual_trading/deposit/sponsor_prepare",
  summary: "Arbitrum transaction for a sponsor wallet to relay a signed deposit permit",
  description:
    "Bridge2.batchedDepositWithPermit with the owner's signed permit, for `sender` (the integrator's sponsor wallet) to sign and broadcast — the API never broadcasts. Checked first: deadline, the owner's USDC balance, the permit's signer, and a simulation (the bridge does not revert on a bad permit, so the simulation must show USDC moving). After the receipt, confirm a USDC Transfer to the bridge was emitted.",
  body: z
    .object({
      owner: Address.describe("permit signer (Arbitrum EOA)"),
      amount_raw: SafeInt.min(1).describe("as returned by /deposit"),
      deadline: SafeInt.min(0).describe("permit.message.deadline (unix s)"),
      signature: HexSignature("owner's permit signature, 65-byte hex, with or without 0x"),
      sender: Address.describe("sponsor wallet that will broadcast (sets `from` and nonce)"),
    })
    .meta({ id: "PerpetualTradingSponsorPrepareRequest" }),
  response: z
    .object({ transaction: UnsignedTransaction })
    .meta({ id: "PerpetualTradingSponsorPrepareResponse" }),
  errors: [{ status: 502, description: "Arbitrum RPC unreachable" }],
  cli: { command: "deposit-sponsor-prepare", aliases: ["dsp"], short: { amount_raw: "a" } },
  widget: true,
  async handler({ body }, ctx) {
    const client = arbitrum(ctx);
    const amount = BigInt(body.amount_raw);
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
  },
});
