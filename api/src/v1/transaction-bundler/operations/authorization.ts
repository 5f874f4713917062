import { defineOperation } from "../../../kernel/registry/define.ts";
import { bundlerAuthorization } from "../domain/bundle.ts";
import { MulticallAuthorizationRequest, MulticallAuthorizationResponse } from "../schemas.ts";

export const authorization = defineOperation({
  method: "POST",
  path: "/v1/transaction_bundler/authorization",
  summary: "Enable Transaction Bundling",
  description:
    "The EIP-7702 authorization for `sender` to sign (e.g. viem's `signAuthorization`) so its EOA delegates to the batch executor, eth-infinitism's Simple7702Account at its canonical address. The nonce is the sender's next but one, since the sender sends the bundle itself. Signed once; send it with the first bundle (`signed_authorization` of `/v1/transaction_bundler/execute`). A sender that is a contract is a 422.",
  body: MulticallAuthorizationRequest,
  response: MulticallAuthorizationResponse,
  readOnly: true,
  idempotent: true,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => bundlerAuthorization(ctx, body),
});
