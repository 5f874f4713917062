import { defineOperation } from "../../../kernel/registry/define.ts";
import { buildManage } from "../domain/manage.ts";
import type { EarnContext } from "../domain/ports.ts";
import { EarnManageRequest, EarnManageResponse } from "../schemas.ts";

export const manage = defineOperation({
  method: "POST",
  path: "/v2/earn/manage",
  summary: "Deposit into or withdraw from a vault, Aave or a Pendle PT",
  description:
    "Moves funds between the Earn Account and a venue: any ERC-4626 vault by address (Morpho, Euler or another), an Aave v3 reserve, or a Pendle PT. Funds stay in the Earn Account. An optional fee is paid from the amount (PERCENTAGE, FIXED) or from a withdrawal's realised profit (PERFORMANCE, FIFO cost basis). Simulated before it is returned; `gas_sponsorship` returns the SafeTx for `POST /v2/gas_sponsorship/prepare`.",
  body: EarnManageRequest,
  response: EarnManageResponse,
  widget: true,
  cli: { short: { chain: "c", gas_sponsorship: "g" } },
  async handler({ body }, ctx: EarnContext) {
    return buildManage({
      config: ctx.config,
      client: ctx.services.chains.get(body.chain, ["body", "chain"]),
      chain: body.chain,
      logs: ctx.services.chains.logs,
      owner: body.owner,
      sponsored: body.gas_sponsorship,
      venue: body.venue,
      action: body.action,
      amount: body.amount,
      fee: body.fee,
    });
  },
});
