import { defineOperation } from "../../../kernel/registry/define.ts";
import { MIN_DEPOSIT_USDC } from "../bridge/bridge2.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { depositPermit } from "../domain/sponsored-deposit.ts";
import { DepositRequest, DepositResponse } from "../schemas.ts";

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
    return depositPermit(ctx, body);
  },
});
