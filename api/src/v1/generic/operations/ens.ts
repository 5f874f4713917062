import { defineOperation } from "../../../kernel/registry/define.ts";
import { resolveEns } from "../domain/ens.ts";
import { EnsNameInfoResponse, EnsQuery } from "../schemas.ts";

export const ens = defineOperation({
  method: "GET",
  path: "/v1/generic/ens",
  summary: "Resolve ENS",
  description:
    "The address an ENS name resolves to (the resolver the ENS registry names for it, its address record) and its registrant. A name that is not valid ENS is a 422; one not registered, or without an address, a 404.",
  query: EnsQuery,
  response: EnsNameInfoResponse,
  errors: [
    { status: 404, description: "name not registered, or no address record" },
    { status: 502, description: "chain RPC unreachable" },
  ],
  widget: false,
  cli: { short: { ens_name: "n" } },
  handler: ({ query }, ctx) => resolveEns(ctx, query),
});
