import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { parseUnitsExact } from "../../../kernel/lib/decimal.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { productAccountAddress } from "../../../product-accounts/index.ts";
import { oraclePrice } from "../../../protocols/aave/index.ts";
import type { EarnContext } from "../domain/ports.ts";
import { readEarnPositions } from "../domain/positions.ts";
import { EarnPositionsAllQuery, EarnPositionsAllResponse } from "../schemas.ts";

/** The chains positions_all covers (spec A2). */
const CHAINS: ChainName[] = ["ethereum", "base", "arbitrum"];
const EMPTY = { aave: [], vaults: [], pendle_pt: [], total_usd_value: null };

export const positionsAll = defineOperation({
  method: "GET",
  path: "/v2/earn/positions_all",
  summary: "Positions of the Earn Account on every chain",
  description:
    "`positions` for Ethereum, Base and Arbitrum at once, read in parallel; a chain where the account holds nothing (or that this deployment does not serve) has empty lists.",
  query: EarnPositionsAllQuery,
  response: EarnPositionsAllResponse,
  widget: true,
  async handler({ query }, ctx: EarnContext) {
    const account = productAccountAddress(query.owner, "earn");
    const entries = await Promise.all(
      CHAINS.map(async (chain) => {
        let client: ReturnType<typeof ctx.services.chains.get>;
        try {
          client = ctx.services.chains.get(chain);
        } catch {
          return [chain, EMPTY] as const;
        }
        const read = await readEarnPositions({
          config: ctx.config,
          client,
          chain,
          logs: ctx.services.chains.logs,
          account,
          price: (token) => oraclePrice(ctx.config, client, chain, token),
          lookback: BigInt(ctx.config.logs.maxRange),
        }).catch((error) => rethrowRpc(chain, error));
        return [chain, read] as const;
      }),
    );
    const totals = entries.map(([, r]) => r.total_usd_value).filter((v): v is string => v !== null);
    const total = totals.reduce((sum, v) => sum + (parseUnitsExact(v, 2) ?? 0n), 0n);
    return {
      chains: Object.fromEntries(entries),
      total_usd_value: totals.length ? formatDecimal(total, 2, 2) : null,
    };
  },
});
