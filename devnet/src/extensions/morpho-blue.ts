import { morphoBlueAbi } from "@compass/constants";
import { roleAccount } from "../accounts.ts";
import { priceFeedDeployment } from "../earn/aave.ts";
import { callContract, ensureDeployed } from "../earn/deploy.ts";
import { approveOnce, fund } from "../earn/funding.ts";
import {
  MORPHO_MARKETS,
  type MorphoMarket,
  marketId,
  marketParams,
  morphoDeployments,
  morphoOracle,
} from "../earn/morpho.ts";
import { type EarnChain, earnTokens, FULL_EARN_CHAINS, units } from "../earn/tokens.ts";
import type { ChainExtension, ExtensionContext } from "./types.ts";

/** Morpho Blue with USDC markets against WETH and wstETH on every earn chain; see earn/morpho.ts. */
export const morphoBlueExtension: ChainExtension = {
  name: "morpho blue",
  chains: FULL_EARN_CHAINS,
  async ensure(ctx) {
    const chain = ctx.spec.name as EarnChain;
    const deployments = morphoDeployments();
    const morpho = await ensureDeployed(ctx, deployments.MorphoBlue);
    const irm = await ensureDeployed(ctx, deployments.MorphoIrm);
    const owner = { from: roleAccount("deployer").address, address: morpho, abi: morphoBlueAbi } as const;
    const read = ctx.clients.public;
    if (
      !(await read.readContract({
        address: morpho,
        abi: morphoBlueAbi,
        functionName: "isIrmEnabled",
        args: [irm],
      }))
    )
      await callContract(ctx, { ...owner, functionName: "enableIrm", args: [irm] });
    for (const market of MORPHO_MARKETS) {
      for (const symbol of [market.loan, market.collateral])
        await ensureDeployed(ctx, priceFeedDeployment(chain, symbol));
      await ensureDeployed(ctx, morphoOracle(chain, market));
      const params = marketParams(chain, market);
      if (
        !(await read.readContract({
          address: morpho,
          abi: morphoBlueAbi,
          functionName: "isLltvEnabled",
          args: [params.lltv],
        }))
      )
        await callContract(ctx, { ...owner, functionName: "enableLltv", args: [params.lltv] });
      const [, , , , lastUpdate] = await read.readContract({
        address: morpho,
        abi: morphoBlueAbi,
        functionName: "market",
        args: [marketId(params)],
      });
      if (lastUpdate === 0n)
        await callContract(ctx, { ...owner, functionName: "createMarket", args: [params] });
      await seedMarket(ctx, chain, market);
    }
  },
  contracts: (chain) => ({
    ...Object.fromEntries(Object.entries(morphoDeployments()).map(([name, d]) => [name, d.address])),
    ...Object.fromEntries(
      MORPHO_MARKETS.map((m) => [
        `MorphoOracle_${m.collateral}_${m.loan}`,
        morphoOracle(chain as EarnChain, m).address,
      ]),
    ),
  }),
};

/** `earn_operator` lends into the market and borrows against collateral, so it has TVL and utilisation. */
async function seedMarket(ctx: ExtensionContext, chain: EarnChain, market: MorphoMarket) {
  const morpho = morphoDeployments().MorphoBlue.address;
  const params = marketParams(chain, market);
  const operator = roleAccount("earn_operator").address;
  const [supplyShares] = await ctx.clients.public.readContract({
    address: morpho,
    abi: morphoBlueAbi,
    functionName: "position",
    args: [marketId(params), operator],
  });
  if (supplyShares > 0n) return;
  const tokens = earnTokens(chain);
  const call = { from: operator, address: morpho, abi: morphoBlueAbi } as const;
  const supply = units(tokens[market.loan], market.seedSupply);
  const collateral = units(tokens[market.collateral], market.seedCollateral);
  await fund(ctx, tokens[market.loan], operator, supply);
  await fund(ctx, tokens[market.collateral], operator, collateral);
  await approveOnce(ctx, params.loanToken, operator, morpho);
  await approveOnce(ctx, params.collateralToken, operator, morpho);
  await callContract(ctx, { ...call, functionName: "supply", args: [params, supply, 0n, operator, "0x"] });
  await callContract(ctx, {
    ...call,
    functionName: "supplyCollateral",
    args: [params, collateral, operator, "0x"],
  });
  const borrow = units(tokens[market.loan], market.seedBorrow);
  await callContract(ctx, {
    ...call,
    functionName: "borrow",
    args: [params, borrow, 0n, operator, operator],
  });
  ctx.log(`${chain}: Morpho Blue market ${market.collateral}/${market.loan} seeded`);
}
