import { rethrowRpc } from "../../chain/clients.ts";
import { prefetchTxFields } from "../../chain/transaction.ts";
import { DomainError } from "../../errors.ts";
import { buildAccountAction, productAccountAddress, readAccountState } from "../../product-accounts/index.ts";
import { defineOperation } from "../../registry/define.ts";
import { bundleCalls } from "../domain/bundle.ts";
import { EarnBundleRequest, EarnBundleResponse } from "../schemas.ts";

export const bundle = defineOperation({
  method: "POST",
  path: "/v2/earn/bundle",
  summary: "Several earn actions in one transaction",
  description:
    "Executes `actions` in order as one Safe transaction of the Earn Account (MultiSendCallOnly), all or nothing: pull tokens from the owner with a Permit2 signature (`V2_TRANSFER_FROM_EOA`, spender = the account), deposit into or withdraw from venues (`V2_MANAGE`), swap (`V2_SWAP`), pay out (`V2_TRANSFER_TO_EOA`, `V2_TRANSFER_TO_ADDRESS`). The account must exist. Simulated as a whole before it is returned.",
  body: EarnBundleRequest,
  response: EarnBundleResponse,
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
    const calls = await bundleCalls({
      config: ctx.config,
      client,
      chain: body.chain,
      logs: ctx.services.chains.logs,
      owner: body.owner,
      account,
      actions: body.actions.map((a) => a.body),
    });
    const envelope = await buildAccountAction({
      client,
      chain: body.chain,
      owner: body.owner,
      account,
      calls,
      nonce: state.nonce,
      sponsored: body.gas_sponsorship,
      fields,
    });
    return { ...envelope, actions_count: calls.length };
  },
});
