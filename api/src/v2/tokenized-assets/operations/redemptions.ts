import { defineOperation } from "../../../kernel/registry/define.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";
import { ownerRedemptions } from "../domain/redemptions.ts";
import { RedemptionsQuery, RedemptionsResponse } from "../schemas.ts";

export const redemptions = defineOperation({
  method: "GET",
  path: "/v2/tokenized_assets/redemptions",
  summary: "Pending and settled fund and vault requests",
  description:
    "Every subscription (buy) and redemption (sell) of the owner's account with an asynchronously settled fund, and every redemption request at a managed vault (IXS, on bsc), oldest first per fund or vault: `pending` until the fund's NAV cycle or the vault manager's processing, then `finalized` (shares minted or USDC paid) or `rejected` (shares returned). Read live from the issuer and the chain; nothing is stored. The poll endpoint of async trades.",
  query: RedemptionsQuery,
  response: RedemptionsResponse,
  history: true,
  errors: [{ status: 422, description: "invalid query, unknown vault, or chain not served" }],
  errorModel: "domain",
  cli: { short: { chain: "c", vault: "v" } },
  widget: true,
  async handler({ query }, ctx: TokenizedAssetsContext) {
    return ownerRedemptions(ctx, query);
  },
});
