import { servesChain } from "../../../kernel/config/env.ts";
import { DomainError, fieldError } from "../../../kernel/errors.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { productAccountAddress } from "../../../product-accounts/index.ts";
import { issuerRequests } from "../domain/issuer-requests.ts";
import { marketChains } from "../domain/markets.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";
import { fundRedemptions } from "../domain/redemptions.ts";
import { assetsOn } from "../domain/tokens.ts";
import { vaultRedemptions } from "../domain/vaults.ts";
import { RedemptionsQuery, RedemptionsResponse } from "../schemas.ts";

export const redemptions = defineOperation({
  method: "GET",
  path: "/v2/tokenized_assets/redemptions",
  summary: "Pending and settled fund and vault requests",
  description:
    "Every subscription (buy) and redemption (sell) of the owner's account with an asynchronously settled fund, and every redemption request at a managed vault (IXS, on bsc), oldest first per fund or vault: `pending` until the fund's NAV cycle or the vault manager's processing, then `finalized` (shares minted or USDC paid) or `rejected` (shares returned). Read live from the issuer and the chain; nothing is stored. The poll endpoint of async trades.",
  query: RedemptionsQuery,
  response: RedemptionsResponse,
  errors: [{ status: 422, description: "invalid query, unknown vault, or chain not served" }],
  errorModel: "domain",
  cli: { short: { chain: "c", vault: "v" } },
  widget: true,
  async handler({ query }, ctx: TokenizedAssetsContext) {
    if (query.chain && !servesChain(ctx.config, query.chain))
      throw fieldError(["query", "chain"], `Chain '${query.chain}' is not available in ${ctx.config.env}`);
    const chains = query.chain ? [query.chain] : marketChains(ctx);
    const asyncSettled = chains.flatMap((chain) =>
      assetsOn(ctx.config, chain)
        .filter(
          (t) => t.asset!.flow === "primary" || t.asset!.flow === "vault" || t.asset!.flow === "secondary",
        )
        .map((token) => ({ chain, token })),
    );
    const wanted = query.vault?.toLowerCase();
    const selected = wanted
      ? asyncSettled.filter(
          ({ token }) => token.symbol.toLowerCase() === wanted || token.address.toLowerCase() === wanted,
        )
      : asyncSettled;
    if (wanted && !selected.length) {
      const known = asyncSettled.map(({ token }) => token.symbol).join(", ") || "none on this deployment";
      throw new DomainError(
        422,
        "Unknown vault",
        `vault: no asynchronously settled fund or vault '${query.vault}' (known: ${known})`,
      );
    }
    const account = productAccountAddress(query.owner, "tokenized_assets");
    const lists = await Promise.all([
      fundRedemptions(
        ctx,
        query.owner,
        selected.filter(({ token }) => token.asset!.flow === "primary").map(({ token }) => token.symbol),
      ),
      ...selected
        .filter(({ token }) => token.asset!.flow === "vault")
        .map(({ chain, token }) =>
          vaultRedemptions(ctx.services.chains.logs, ctx.services.chains.get(chain), chain, token, account),
        ),
      ...selected
        .filter(({ token }) => token.asset!.flow === "secondary")
        .map(({ chain, token }) => issuerRequests(ctx, chain, token, account)),
    ]);
    return { redemptions: lists.flat() };
  },
});
