import { formatUnits } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { fieldError } from "../../../kernel/errors.ts";
import { parseUnitsExact } from "../../../kernel/lib/decimal.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { arbitrum } from "../bridge/arbitrum.ts";
import { MIN_DEPOSIT_USDC } from "../bridge/bridge2.ts";
import { bridgePermit, permitState } from "../bridge/permit.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { DepositRequest, DepositResponse } from "../schemas.ts";

/** How long the owner has to get the permit relayed (Ours): an hour of chain time. */
const PERMIT_LIFETIME_S = 3600n;

export const deposit = defineOperation({
  method: "POST",
  path: "/v2/perpetual_trading/deposit",
  summary: "Permit to deposit USDC from Arbitrum into the venue",
  description: `An EIP-2612 permit of Arbitrum USDC for the venue's bridge (Bridge2). The owner signs it (no gas); the integrator's sponsor wallet then relays it — see deposit/sponsor_prepare. The venue credits \`destination\` (= owner). Minimum ${MIN_DEPOSIT_USDC} USDC; the permit is valid for an hour of chain time.`,
  body: DepositRequest,
  response: DepositResponse,
  errors: [{ status: 502, description: "Arbitrum RPC unreachable" }],
  cli: { short: { amount: "a" } },
  widget: true,
  async handler({ body }, ctx: PerpetualTradingContext) {
    const raw = parseUnitsExact(body.amount, 6)!;
    if (raw < BigInt(MIN_DEPOSIT_USDC) * 1_000_000n)
      throw fieldError(
        ["body", "amount"],
        `Minimum deposit is ${MIN_DEPOSIT_USDC} USDC (smaller deposits never reach the venue)`,
      );
    if (raw > BigInt(Number.MAX_SAFE_INTEGER)) throw fieldError(["body", "amount"], "Amount is too large");
    const state = await permitState(arbitrum(ctx), body.owner).catch((error) =>
      rethrowRpc("arbitrum", error),
    );
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
  },
});
