import { defineOperation } from "../../../kernel/registry/define.ts";
import { explainPtSlippage } from "../../../protocols/pendle/index.ts";
import { earnAccountAction } from "../domain/account-action.ts";
import { manageCalls } from "../domain/manage.ts";
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
    const client = ctx.services.chains.get(body.chain, ["body", "chain"]);
    const { calls: _, ...envelope } = await earnAccountAction(
      { client, chain: body.chain, owner: body.owner, sponsored: body.gas_sponsorship },
      (account, deployed) =>
        manageCalls({
          config: ctx.config,
          client,
          chain: body.chain,
          logs: ctx.services.chains.logs,
          account,
          venue: body.venue,
          action: body.action,
          amount: body.amount,
          fee: body.fee,
          loc: ["body"],
          checkBalance: deployed,
        }),
    ).catch((error) =>
      body.venue.type === "PENDLE_PT" ? explainPtSlippage(error, ["body", "venue"]) : Promise.reject(error),
    );
    return envelope;
  },
});
