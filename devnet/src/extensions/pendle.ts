import { type Abi, type Address, erc20Abi, zeroAddress } from "viem";
import { roleAccount } from "../accounts.ts";
import { loadArtifact } from "../contracts/artifacts.ts";
import { callContract, ensureDeployed } from "../earn/deploy.ts";
import { approveOnce, balanceOf, fund } from "../earn/funding.ts";
import {
  PENDLE_MARKET,
  pendleAbi,
  pendleDeployments,
  pendleInitializers,
  pendleMarketAddresses,
  pendleSyDeployment,
  ROUTER_STATIC_APPROX,
  routerSelectors,
  routerStaticSelectors,
} from "../earn/pendle.ts";
import { type EarnChain, earnTokens, FULL_EARN_CHAINS, units } from "../earn/tokens.ts";
import type { ChainExtension } from "./types.ts";

/** Pendle v2 (see earn/pendle.ts): core, router, one USDC market seeded by `earn_operator`; runs after the plain vaults (its SY holds USDC vault shares). */
export const pendleExtension: ChainExtension = {
  name: "pendle v2",
  chains: FULL_EARN_CHAINS,
  async ensure(ctx) {
    const chain = ctx.spec.name as EarnChain;
    const started = performance.now();
    const d = pendleDeployments();
    const deployer = roleAccount("deployer").address;
    const operator = roleAccount("earn_operator").address;
    for (const deployment of [
      d.proxyAdmin,
      d.pendleToken,
      d.gaugeImpl,
      d.gauge,
      d.ytCodeA,
      d.ytCodeB,
      d.yieldFactoryImpl,
      d.yieldFactory,
      d.oracleLib,
      d.marketCodeA,
      d.marketCodeB,
      d.marketFactoryImpl,
      d.marketFactory,
      ...Object.values(d.facets),
      d.router,
      ...Object.values(d.staticFacets),
      d.routerStatic,
    ]) {
      await ensureDeployed(ctx, deployment);
    }
    for (const init of pendleInitializers()) {
      const owner = await ctx.clients.public.readContract({
        address: init.address,
        abi: init.abi,
        functionName: "owner",
      });
      if (owner !== zeroAddress) continue;
      await callContract(ctx, {
        from: deployer,
        address: init.address,
        abi: init.abi,
        functionName: "initialize",
        args: init.args as never,
      });
    }
    const storageAbi = pendleAbi("ActionStorageV4");
    const facets = routerSelectors();
    const swap = facets[0]!;
    // Until the facets are mapped the router knows only setSelectorToFacets: the read reverts.
    const mapped = await ctx.clients.public
      .readContract({
        address: d.router.address,
        abi: storageAbi,
        functionName: "selectorToFacet",
        args: [swap.selectors[0]!],
      })
      .catch(() => zeroAddress);
    if ((mapped as string).toLowerCase() !== swap.facet.toLowerCase()) {
      await callContract(ctx, {
        from: deployer,
        address: d.router.address,
        abi: storageAbi,
        functionName: "setSelectorToFacets",
        args: [facets],
      });
    }

    await ensureRouterStatic(ctx, d.routerStatic.address, deployer);

    const sy = await ensureDeployed(ctx, pendleSyDeployment(chain));
    const { pt, yt, market } = pendleMarketAddresses(chain);
    const { timestamp } = await ctx.clients.public.getBlock();
    if (
      timestamp >= BigInt(PENDLE_MARKET.expiry) - 86_400n &&
      !(await ctx.clients.public.getCode({ address: pt }))
    ) {
      // The expiry is fixed (the addresses derive from it): past it, Pendle refuses the PT. The core stays up.
      ctx.log(`${chain}: Pendle market not created: devnet time is past PENDLE_MARKET.expiry, move it later`);
      return;
    }
    if (!(await ctx.clients.public.getCode({ address: pt }))) {
      await callContract(ctx, {
        from: deployer,
        address: d.yieldFactory.address,
        abi: pendleAbi("PendleYieldContractFactoryUpg"),
        functionName: "createYieldContract",
        args: [sy, PENDLE_MARKET.expiry, false],
      });
    }
    if (!(await ctx.clients.public.getCode({ address: market }))) {
      await callContract(ctx, {
        from: deployer,
        address: d.marketFactory.address,
        abi: pendleAbi("PendleMarketFactoryV7Upg"),
        functionName: "createNewMarket",
        args: [pt, PENDLE_MARKET.scalarRoot, PENDLE_MARKET.initialAnchor, PENDLE_MARKET.lnFeeRateRoot],
      });
    }
    for (const [what, address] of Object.entries({ pt, yt, market })) {
      if (!(await ctx.clients.public.getCode({ address }))) {
        throw new Error(`${chain}: Pendle ${what} is not at its predicted address ${address}`);
      }
    }
    if ((await balanceOf(ctx, market, operator)) > 0n) return;

    // Seed: USDC → SY; half the SY → PT + YT through the YT; the other half and the PT into the market.
    const usdc = earnTokens(chain).USDC;
    await fund(ctx, usdc, operator, units(usdc, PENDLE_MARKET.seed));
    await approveOnce(ctx, usdc.address, operator, sy);
    const syAbi = loadArtifact("PendleErc4626SY").abi as Abi;
    await callContract(ctx, {
      from: operator,
      address: sy,
      abi: syAbi,
      functionName: "deposit",
      args: [operator, usdc.address, units(usdc, PENDLE_MARKET.seed), 0n],
    });
    const syBalance = await balanceOf(ctx, sy, operator);
    const syToMint = syBalance / 2n;
    await callContract(ctx, {
      from: operator,
      address: sy,
      abi: erc20Abi,
      functionName: "transfer",
      args: [yt, syToMint],
    });
    await callContract(ctx, {
      from: operator,
      address: yt,
      abi: pendleAbi("PendleYieldToken"),
      functionName: "mintPY",
      args: [operator, operator],
    });
    const ptBalance = await balanceOf(ctx, pt, operator);
    const syLeft = syBalance - syToMint;
    for (const [token, amount] of [
      [sy, syLeft],
      [pt, ptBalance],
    ] as const) {
      await callContract(ctx, {
        from: operator,
        address: token,
        abi: erc20Abi,
        functionName: "transfer",
        args: [market, amount],
      });
    }
    await callContract(ctx, {
      from: operator,
      address: market,
      abi: pendleAbi("PendleMarketV7"),
      functionName: "mint",
      args: [operator, syLeft, ptBalance],
    });
    ctx.log(
      `${chain}: Pendle v2 deployed, market PT-dvUSDC seeded in ${Math.round(performance.now() - started)} ms`,
    );
  },
  contracts: (chain) => {
    const d = pendleDeployments();
    const m = pendleMarketAddresses(chain as EarnChain);
    return {
      PendleRouter: d.router.address,
      PendleRouterStatic: d.routerStatic.address,
      PendleMarketFactory: d.marketFactory.address,
      PendleYieldContractFactory: d.yieldFactory.address,
      [`PendleMarket_${PENDLE_MARKET.key}`]: m.market,
      [`PendlePT_${PENDLE_MARKET.key}`]: m.pt,
      [`PendleYT_${PENDLE_MARKET.key}`]: m.yt,
      [`PendleSY_${PENDLE_MARKET.key}`]: m.sy,
    };
  },
};

/** Maps the static router's facets and sets its default approximation, once (the owner's first calls). */
async function ensureRouterStatic(
  ctx: Parameters<ChainExtension["ensure"]>[0],
  address: Address,
  owner: Address,
) {
  const storage = pendleAbi("ActionStorageStatic");
  const facets = routerStaticSelectors();
  const core = facets.find((f) => f.selectors.length > 0 && f !== facets[0])!;
  const mapped = await ctx.clients.public
    .readContract({ address, abi: storage, functionName: "facetAddress", args: [core.selectors[0]!] })
    .catch(() => zeroAddress);
  if ((mapped as string).toLowerCase() === core.facet.toLowerCase()) return;
  await callContract(ctx, {
    from: owner,
    address,
    abi: storage,
    functionName: "setFacetForSelectors",
    args: [facets],
  });
  await callContract(ctx, {
    from: owner,
    address,
    abi: storage,
    functionName: "setDefaultApproxParams",
    args: [ROUTER_STATIC_APPROX],
  });
}
