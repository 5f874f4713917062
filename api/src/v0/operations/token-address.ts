import { defineOperation } from "../../kernel/registry/define.ts";
import { v0TokenAddress } from "../domain/generic.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0AddressRequest, V0AddressResponse } from "../schemas.ts";

export const tokenAddress = defineOperation({
  name: "tokenAddress",
  method: "POST",
  path: "/v0/token/address/get",
  summary: "Token Address",
  description: "The token's address on the chain.",
  body: V0AddressRequest,
  response: V0AddressResponse,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) => ({ address: v0TokenAddress(ctx, body.chain, body.token) }),
});
