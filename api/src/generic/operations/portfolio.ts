import { MULTICALL3, WETH } from "@compass/constants";
import { erc20Abi, formatUnits, getAddress, zeroAddress } from "viem";
import { rethrowRpc } from "../../chain/clients.ts";
import { namedTokens } from "../../chain/erc20.ts";
import { multicall3Abi } from "../../chain/multicall.ts";
import { formatDecimal } from "../../lib/format.ts";
import { defineOperation } from "../../registry/define.ts";
import { priceOracle, usdPrices8 } from "../../token/index.ts";
import { Portfolio, PortfolioQuery } from "../schemas.ts";

export const portfolio = defineOperation({
  method: "GET",
  path: "/v1/generic/portfolio",
  summary: "List User Portfolio",
  description:
    "What `user` holds on `chain`: the native coin and every token this deployment lists there, each valued at the chain's price oracle, and the total in USD. Tokens the oracle has no feed for, and zero balances, are left out. One batched read at one block.",
  query: PortfolioQuery,
  response: Portfolio,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c", user: "u" } },
  async handler({ query }, ctx) {
    const { chain } = query;
    const client = ctx.services.chains.get(chain, ["query", "chain"]);
    const user = getAddress(query.user);
    const oracle = priceOracle(ctx.config, chain, ["query", "chain"]);
    const weth = WETH[chain]!;
    const tokens = [{ address: zeroAddress, symbol: "ETH", decimals: 18 }, ...namedTokens(ctx.config, chain)];
    try {
      const block = await client.getBlockNumber({ cacheTime: 0 });
      const [balances, prices] = await Promise.all([
        client.multicall({
          allowFailure: false,
          blockNumber: block,
          contracts: tokens.map((t) =>
            t.address === zeroAddress
              ? ({
                  address: MULTICALL3,
                  abi: multicall3Abi,
                  functionName: "getEthBalance",
                  args: [user],
                } as const)
              : ({ address: t.address, abi: erc20Abi, functionName: "balanceOf", args: [user] } as const),
          ),
        }),
        usdPrices8(
          client,
          chain,
          oracle,
          tokens.map((t) => (t.address === zeroAddress ? weth.address : t.address)),
          block,
        ),
      ]);
      let total8 = 0n;
      const token_balances = tokens.flatMap((t, i) => {
        const raw = balances[i] as bigint;
        const usd8 = prices[i];
        if (raw === 0n || usd8 == null) return [];
        const value8 = (raw * usd8) / 10n ** BigInt(t.decimals);
        total8 += value8;
        return [
          {
            amount: formatUnits(raw, t.decimals),
            decimals: t.decimals,
            token_symbol: t.symbol,
            token_address: t.address,
            price: formatDecimal(usd8, 8),
            token_value_in_usd: formatDecimal(value8, 8, 2),
          },
        ];
      });
      return { total_value_in_usd: formatDecimal(total8, 8, 2), token_balances };
    } catch (error) {
      return rethrowRpc(chain, error);
    }
  },
});
