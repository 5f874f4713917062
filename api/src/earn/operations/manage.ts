import { rethrowRpc } from "../../chain/clients.ts";
import { prefetchTxFields } from "../../chain/transaction.ts";
import { DomainError } from "../../errors.ts";
import { buildAccountAction, productAccountAddress, readAccountState } from "../../product-accounts/index.ts";
import { defineOperation } from "../../registry/define.ts";
import { manageCalls } from "../domain/manage.ts";
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
  async handler({ body }, ctx) {
    const client = ctx.services.chains.get(body.chain, ["body", "chain"]);
    const account = productAccountAddress(body.owner, "earn");
    const fields = body.gas_sponsorship ? undefined : prefetchTxFields(client, body.chain, body.owner);
    const state = await readAccountState(client, account).catch((e) => rethrowRpc(body.chain, e));
    if (!state.deployed)
      throw new DomainError(
        422,
        "Account not deployed",
        `The Earn Account ${account} is not deployed on ${body.chain}; call create_account first`,
      );
    const calls = await manageCalls({
      client,
      chain: body.chain,
      logs: ctx.services.chains.logs,
      account,
      venue: body.venue,
      action: body.action,
      amount: body.amount,
      fee: body.fee,
      loc: ["body"],
      checkBalance: true,
    });
    return buildAccountAction({
      client,
      chain: body.chain,
      owner: body.owner,
      account,
      calls,
      nonce: state.nonce,
      sponsored: body.gas_sponsorship,
      fields,
    });
  },
});
