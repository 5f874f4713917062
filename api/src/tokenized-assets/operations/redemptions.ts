import { z } from "zod";
import { servesChain } from "../../config/env.ts";
import { DomainError, fieldError } from "../../errors.ts";
import { defineOperation } from "../../registry/define.ts";
import { Address, Chain } from "../../schemas/common.ts";
import { marketChains } from "../domain/markets.ts";
import { fundRedemptions } from "../domain/redemptions.ts";
import { assetsOn } from "../domain/tokens.ts";
import { Redemption } from "../schemas.ts";

export const redemptions = defineOperation({
  method: "GET",
  path: "/v2/tokenized_assets/redemptions",
  summary: "Pending and settled fund requests",
  description:
    "Every subscription (buy) and redemption (sell) of the owner's account with an asynchronously settled fund, oldest first: `pending` until the fund's NAV cycle, then `finalized` (shares minted or USDC paid). Read live from the issuer and the chain; nothing is stored. The poll endpoint of async trades.",
  query: z.object({
    owner: Address.describe("owner wallet"),
    chain: Chain.nullish(),
    vault: z.string().trim().min(1).max(64).nullish().describe("fund symbol (e.g. SBGOV) or token address"),
  }),
  response: z.object({ redemptions: z.array(Redemption) }).meta({ id: "RedemptionsResponse" }),
  errors: [{ status: 422, description: "invalid query, unknown vault, or chain not served" }],
  errorModel: "domain",
  cli: { short: { chain: "c", vault: "v" } },
  widget: true,
  async handler({ query }, ctx) {
    if (query.chain && !servesChain(ctx.config, query.chain))
      throw fieldError(["query", "chain"], `Chain '${query.chain}' is not available in ${ctx.config.env}`);
    const chains = query.chain ? [query.chain] : marketChains(ctx);
    const funds = chains.flatMap((c) => assetsOn(ctx.config, c)).filter((t) => t.asset!.flow === "primary");
    const wanted = query.vault?.toLowerCase();
    const selected = wanted
      ? funds.filter((f) => f.symbol.toLowerCase() === wanted || f.address.toLowerCase() === wanted)
      : funds;
    if (wanted && !selected.length) {
      const known = funds.map((f) => f.symbol).join(", ") || "none on this deployment";
      throw new DomainError(
        422,
        "Unknown vault",
        `vault: no asynchronously settled fund '${query.vault}' (known: ${known})`,
      );
    }
    return {
      redemptions: await fundRedemptions(
        ctx,
        query.owner,
        selected.map((f) => f.symbol),
      ),
    };
  },
});
