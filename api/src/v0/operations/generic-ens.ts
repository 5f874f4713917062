import { defineOperation } from "../../kernel/registry/define.ts";
import { viaV1 } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0EnsNameInfoResponse, V0GetEnsDetailsRequest } from "../schemas.ts";

export const genericEns = defineOperation({
  name: "genericEns",
  method: "POST",
  path: "/v0/generic/ens/get",
  summary: "Get ENS name details",
  description:
    "The address an ENS name resolves to and its owner, read from ENS on Ethereum whichever chain is named (`GET /v1/generic/ens`).",
  body: V0GetEnsDetailsRequest,
  response: V0EnsNameInfoResponse,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) =>
    viaV1(ctx, "v1_generic_ens", { query: { chain: "ethereum", ens_name: body.ens_name } }),
});
