import {
  aavePoolAbi,
  morphoBlueAbi,
  morphoOracleAbi,
  rwaTokenAbi,
  uniswapV3PoolAbi,
  uniswapV3SwapRouterAbi,
} from "@compass/constants";
import { type Address, encodePacked, erc20Abi, erc4626Abi, keccak256, parseAbi } from "viem";
import { roleAccount } from "../accounts.ts";
import { CHAINS } from "../config.ts";
import type { ExtensionContext } from "../extensions/types.ts";
import { devnetClients, rpcCall } from "../rpc.ts";
import { aaveDeployments, priceFeedDeployment } from "./aave.ts";
import { callContract } from "./deploy.ts";
import { EULER_VAULTS, eulerAbi, eulerVaultAddress } from "./euler.ts";
import { approveOnce, balanceOf, fund } from "./funding.ts";
import { MORPHO_MARKETS, marketId, marketParams, morphoDeployments } from "./morpho.ts";
import { ETHENA, ethenaDeployments, sUsdeAbi } from "./sky-ethena.ts";
import { EARN_CHAINS, type EarnChain, earnTokens, FULL_EARN_CHAINS, referenceUsd, units } from "./tokens.ts";
import { poolPlan, SEEDED_POOLS, uniswapDeployments } from "./uniswap.ts";
import { PLAIN_VAULTS, plainVaultDeployment } from "./vaults.ts";

const YEAR = 365n * 86_400n;
const feedAbi = parseAbi(["function setAnswer(int256 answer)"]);

/**
 * The devnet's market activity, run by `earn_operator` at bootstrap and after every clock advance: a swap
 * in each WETH/USDC pool (direction and size from a hash of chain and block time, so the same history
 * replays identically), the WETH and wstETH feeds following the pools, an Aave, a Morpho and an Euler borrow
 * or repayment (utilisation, and so rates, move), and the plain vaults' yield paid in for the elapsed time
 * (4 % a year on USDC, 3 % on WETH) so their share prices rise. A handful of blocks per run: the chains
 * keep only their last 32 blocks of state (HISTORY_BLOCKS); history the API reads comes from events.
 */
export async function runEarnActivity(ctx: ExtensionContext, elapsedSeconds: number): Promise<void> {
  const chain = ctx.spec.name as EarnChain;
  const tokens = earnTokens(chain);
  const operator = roleAccount("earn_operator").address;
  const now = (await ctx.clients.public.getBlock()).timestamp;
  const seed = BigInt(keccak256(encodePacked(["string", "uint256"], [chain, now])));
  const bit = (n: number) => ((seed >> BigInt(n)) & 1n) === 1n;
  const between = (n: number, lo: number, hi: number) =>
    lo + Number((seed >> BigInt(n)) % BigInt(hi - lo + 1));

  // Swaps: a random walk of the WETH price
  const router = uniswapDeployments(chain).UniswapV3SwapRouter.address;
  for (const [i, pool] of SEEDED_POOLS.filter((p) => p.a === "WETH" && p.b === "USDC").entries()) {
    const sell = bit(i) ? tokens.WETH : tokens.USDC;
    const buy = sell === tokens.WETH ? tokens.USDC : tokens.WETH;
    const usd = between(8 + 16 * i, 1_000, 8_000);
    const native = BigInt(referenceUsd(chain, "WETH"));
    const amountIn = sell === tokens.WETH ? units(sell, String(usd)) / native : units(sell, String(usd));
    if ((await balanceOf(ctx, sell.address, operator)) < amountIn) continue;
    await swapExactIn(ctx, { router, operator, sell, buy, fee: pool.fee, amountIn, deadline: now + 3600n });
  }

  // Arbitrage: the other WETH/USDC pool brought back to the deepest one's price, as arbitrageurs keep them (else
  // each walks its own way and the aggregator's best route drifts from the feeds). A swap bounded by that price
  // stops there, and the router takes only what reaching it needs.
  const [deepest, ...others] = SEEDED_POOLS.map((pool, index) => ({ pool, index })).filter(
    ({ pool }) => pool.a === "WETH" && pool.b === "USDC",
  );
  const [target] = await slot0(ctx, chain, deepest!.index);
  for (const { pool, index } of others) {
    const plan = poolPlan(chain, pool);
    const [current] = await slot0(ctx, chain, index);
    const off = Number(current) / Number(target);
    if (Math.abs(off - 1) < 0.0005) continue;
    // above the target (token1 per token0): sell token0 into it, which lowers the price; else token1
    const [sell, buy] = current > target ? [plan.token0, plan.token1] : [plan.token1, plan.token0];
    const amountIn = (await balanceOf(ctx, sell.address, operator)) / 2n;
    if (amountIn === 0n) continue;
    await swapExactIn(ctx, {
      router,
      operator,
      sell,
      buy,
      fee: pool.fee,
      amountIn,
      deadline: now + 3600n,
      limit: target,
    });
  }

  // Feeds follow the deepest pools: WETH/USD from WETH/USDC 0.05 %, wstETH/USD through wstETH/WETH
  const ethUsd = await poolPrice(ctx, chain, 0);
  const wstEth = await poolPrice(ctx, chain, 3);
  for (const [symbol, usd] of [
    ["WETH", ethUsd],
    ["wstETH", ethUsd * wstEth],
  ] as const) {
    await callContract(ctx, {
      from: operator,
      address: priceFeedDeployment(chain, symbol).address,
      abi: feedAbi,
      functionName: "setAnswer",
      args: [BigInt(Math.round(usd * 1e8))],
    });
  }

  // Lending: borrow more or repay some USDC on Aave and on Morpho's WETH market
  const aave = aaveDeployments(chain).pool;
  const aaveAmount = units(tokens.USDC, String(between(40, 10_000, 100_000)));
  // Borrow only while the operator stays well inside its limit (8-decimal USD)
  const [, , availableBase] = await ctx.clients.public.readContract({
    address: aave,
    abi: aavePoolAbi,
    functionName: "getUserAccountData",
    args: [operator],
  });
  const aaveUsd = (aaveAmount * 10n ** 8n) / 10n ** BigInt(tokens.USDC.decimals);
  if (bit(60) && aaveUsd * 2n < availableBase) {
    await callContract(ctx, {
      from: operator,
      address: aave,
      abi: aavePoolAbi,
      functionName: "borrow",
      args: [tokens.USDC.address, aaveAmount, 2n, 0, operator],
    });
  } else {
    await approveOnce(ctx, tokens.USDC.address, operator, aave);
    await callContract(ctx, {
      from: operator,
      address: aave,
      abi: aavePoolAbi,
      functionName: "repay",
      args: [tokens.USDC.address, aaveAmount, 2n, operator],
    });
  }
  if ((FULL_EARN_CHAINS as readonly string[]).includes(chain)) {
    await moveMorphoLoan(ctx, chain, units(tokens.USDC, String(between(70, 5_000, 50_000))), bit(90));
    await moveEulerLoan(ctx, chain, units(tokens.USDC, String(between(100, 5_000, 30_000))), bit(120));
  }

  // sUSDe: Ethena's rewards for the elapsed time, sent in as its rewarder does (they vest over 8 hours; one at a
  // time), and a staker's deposit so the share price shows in the vault's events
  if (chain === "ethereum" && elapsedSeconds > 0) await payEthenaRewards(ctx, elapsedSeconds, operator);

  // Plain vaults: their strategy's yield for the elapsed time
  for (const [i, vault] of PLAIN_VAULTS.entries()) {
    if (elapsedSeconds <= 0) break;
    const address = plainVaultDeployment(chain, vault).address;
    const assets = await ctx.clients.public.readContract({
      address,
      abi: erc4626Abi,
      functionName: "totalAssets",
    });
    const bps = vault.asset === "USDC" ? 400n : 300n;
    const yieldAmount = (assets * bps * BigInt(elapsedSeconds)) / (10_000n * YEAR);
    const asset = tokens[vault.asset].address;
    if (yieldAmount === 0n || (await balanceOf(ctx, asset, operator)) < yieldAmount) continue;
    await callContract(ctx, {
      from: operator,
      address: asset,
      abi: erc20Abi,
      functionName: "transfer",
      args: [address, yieldAmount],
    });
    // and a depositor comes or goes, as every day at a real vault: 0.1–2 % of the seed deposited, or withdrawn
    // while the operator holds that much. The Deposit/Withdraw events price the share as it stands, so a reader
    // of the vault's history sees the price move between them, not only at its seeding.
    const flow = (units(tokens[vault.asset], vault.seed) * BigInt(between(130 + 8 * i, 1, 20))) / 1_000n;
    const withdrawable = await ctx.clients.public.readContract({
      address,
      abi: erc4626Abi,
      functionName: "maxWithdraw",
      args: [operator],
    });
    if (bit(140 + i) && withdrawable >= flow) {
      await callContract(ctx, {
        from: operator,
        address,
        abi: erc4626Abi,
        functionName: "withdraw",
        args: [flow, operator, operator],
      });
    } else if ((await balanceOf(ctx, asset, operator)) >= flow) {
      await approveOnce(ctx, asset, operator, address);
      await callContract(ctx, {
        from: operator,
        address,
        abi: erc4626Abi,
        functionName: "deposit",
        args: [flow, operator],
      });
    }
  }
}

/**
 * The operator borrows `amount` more USDC on Morpho's WETH/USDC market (when `more` and the debt stays under
 * 70 % of its limit) or repays it; past 80 % of the limit it first posts more WETH, as a borrower would.
 */
async function moveMorphoLoan(ctx: ExtensionContext, chain: EarnChain, morphoAmount: bigint, more: boolean) {
  const tokens = earnTokens(chain);
  const operator = roleAccount("earn_operator").address;
  const morpho = morphoDeployments().MorphoBlue.address;
  const params = marketParams(chain, MORPHO_MARKETS[0]);
  const { debt, limit, posted, price } = await morphoHealth(ctx, chain, operator);
  // Interest keeps growing the debt: past 80 % of the limit the operator posts more WETH, as a borrower would
  if (debt * 10n > limit * 8n) {
    // enough WETH that the debt is 60 % of the new limit
    const needed = (debt * 10n ** 54n * 10n) / (6n * price * params.lltv);
    const collateral = needed - posted;
    if (collateral > 0n) {
      await fund(ctx, tokens.WETH, operator, collateral);
      await approveOnce(ctx, tokens.WETH.address, operator, morpho);
      await callContract(ctx, {
        from: operator,
        address: morpho,
        abi: morphoBlueAbi,
        functionName: "supplyCollateral",
        args: [params, collateral, operator, "0x"],
      });
    }
  }
  if (more && (debt + morphoAmount) * 10n < limit * 7n) {
    await callContract(ctx, {
      from: operator,
      address: morpho,
      abi: morphoBlueAbi,
      functionName: "borrow",
      args: [params, morphoAmount, 0n, operator, operator],
    });
  } else if (debt > 0n) {
    await approveOnce(ctx, tokens.USDC.address, operator, morpho);
    await callContract(ctx, {
      from: operator,
      address: morpho,
      abi: morphoBlueAbi,
      functionName: "repay",
      args: [params, morphoAmount < debt ? morphoAmount : debt - 1n, 0n, operator, "0x"],
    });
  }
}

/**
 * The operator, the Euler-ABI vault's allowed borrower, borrows `amount` more (when `more` and utilisation stays
 * under 70 %) or repays it (while utilisation stays over 30 %): the vault's rate moves, interest keeps accruing.
 */
async function moveEulerLoan(ctx: ExtensionContext, chain: EarnChain, amount: bigint, more: boolean) {
  const operator = roleAccount("earn_operator").address;
  const vault = eulerVaultAddress(chain, EULER_VAULTS[0]);
  const view = (functionName: "cash" | "totalBorrows") =>
    ctx.clients.public.readContract({ address: vault, abi: eulerAbi, functionName });
  const [cash, borrows] = [await view("cash"), await view("totalBorrows")];
  const total = cash + borrows;
  if (more && (borrows + amount) * 10n < total * 7n) {
    await callContract(ctx, {
      from: operator,
      address: vault,
      abi: eulerAbi,
      functionName: "borrow",
      args: [amount, operator],
    });
  } else if (borrows > amount && (borrows - amount) * 10n > total * 3n) {
    const usdc = earnTokens(chain).USDC.address;
    if ((await balanceOf(ctx, usdc, operator)) < amount) return;
    await approveOnce(ctx, usdc, operator, vault);
    await callContract(ctx, {
      from: operator,
      address: vault,
      abi: eulerAbi,
      functionName: "repay",
      args: [amount, operator],
    });
  }
}

/** The operator's debt on Morpho's WETH/USDC market and its borrowing limit (collateral × price × LLTV). */
async function morphoHealth(ctx: ExtensionContext, chain: EarnChain, operator: `0x${string}`) {
  const morpho = morphoDeployments().MorphoBlue.address;
  const params = marketParams(chain, MORPHO_MARKETS[0]);
  const id = marketId(params);
  const read = ctx.clients.public;
  // accrue first, so the debt includes the interest of the time just elapsed
  await callContract(ctx, {
    from: operator,
    address: morpho,
    abi: morphoBlueAbi,
    functionName: "accrueInterest",
    args: [params],
  });
  const [, borrowShares, collateral] = await read.readContract({
    address: morpho,
    abi: morphoBlueAbi,
    functionName: "position",
    args: [id, operator],
  });
  const [, , totalBorrowAssets, totalBorrowShares] = await read.readContract({
    address: morpho,
    abi: morphoBlueAbi,
    functionName: "market",
    args: [id],
  });
  const debt =
    totalBorrowShares === 0n
      ? 0n
      : (BigInt(borrowShares) * totalBorrowAssets + totalBorrowShares - 1n) / totalBorrowShares;
  const price = await read.readContract({
    address: params.oracle,
    abi: morphoOracleAbi,
    functionName: "price",
  });
  const limit = (((collateral * price) / 10n ** 36n) * params.lltv) / 10n ** 18n;
  return { debt, limit, posted: collateral, price };
}

/** The operator sells `amountIn` of `sell` for `buy` in one pool, stopping at the price `limit` if given. */
async function swapExactIn(
  ctx: ExtensionContext,
  o: {
    router: Address;
    operator: Address;
    sell: { address: Address };
    buy: { address: Address };
    fee: number;
    amountIn: bigint;
    deadline: bigint;
    limit?: bigint;
  },
) {
  await approveOnce(ctx, o.sell.address, o.operator, o.router);
  await callContract(ctx, {
    from: o.operator,
    address: o.router,
    abi: uniswapV3SwapRouterAbi,
    functionName: "exactInputSingle",
    args: [
      {
        tokenIn: o.sell.address,
        tokenOut: o.buy.address,
        fee: o.fee,
        recipient: o.operator,
        deadline: o.deadline,
        amountIn: o.amountIn,
        amountOutMinimum: 0n,
        sqrtPriceLimitX96: o.limit ?? 0n,
      },
    ],
  });
}

/** A seeded pool's slot0 (sqrtPriceX96 first). */
function slot0(ctx: ExtensionContext, chain: EarnChain, index: number) {
  return ctx.clients.public.readContract({
    address: poolPlan(chain, SEEDED_POOLS[index]!).address,
    abi: uniswapV3PoolAbi,
    functionName: "slot0",
  });
}

/** Price of token a in token b (human units) of a seeded pool, from its current sqrtPriceX96. */
async function poolPrice(ctx: ExtensionContext, chain: EarnChain, index: number): Promise<number> {
  const pool = SEEDED_POOLS[index]!;
  const plan = poolPlan(chain, pool);
  const [sqrtPriceX96] = await slot0(ctx, chain, index);
  const raw = Number(sqrtPriceX96) ** 2 / 2 ** 192; // token1 per token0, raw units
  const human = raw * 10 ** (plan.token0.decimals - plan.token1.decimals);
  return plan.token0.key === pool.a ? human : 1 / human;
}

/** After a clock advance: the activity on every earn chain among these RPC URLs (found by chain id). */
export async function runEarnActivityOn(rpcUrls: string[], elapsedSeconds: number): Promise<void> {
  for (const url of rpcUrls) {
    const chainId = Number(await rpcCall<string>(url, "eth_chainId"));
    const spec = CHAINS.find((c) => c.chainId === chainId);
    if (!spec || !(EARN_CHAINS as readonly string[]).includes(spec.name)) continue;
    const clients = devnetClients(spec, url);
    // a chain started before the earn protocols existed has none: nothing to move
    const code = await clients.public.getCode({ address: aaveDeployments(spec.name as EarnChain).pool });
    if (code === undefined) continue;
    await runEarnActivity({ spec, clients, log: () => {} }, elapsedSeconds);
  }
}

async function payEthenaRewards(ctx: ExtensionContext, elapsedSeconds: number, operator: Address) {
  const { sUSDe, USDe } = ethenaDeployments();
  const read = (functionName: "totalAssets" | "getUnvestedAmount") =>
    ctx.clients.public.readContract({ address: sUSDe.address, abi: sUsdeAbi, functionName });
  if ((await ctx.clients.public.getCode({ address: sUSDe.address })) === undefined) return;
  if ((await read("getUnvestedAmount")) > 0n) return;
  const bps = BigInt(Math.round(ETHENA.rewardApr * 10_000));
  const reward = ((await read("totalAssets")) * bps * BigInt(elapsedSeconds)) / (10_000n * YEAR);
  if (reward === 0n) return;
  const stake = reward; // a staker's deposit the size of the reward
  await callContract(ctx, {
    from: operator,
    address: USDe.address,
    abi: rwaTokenAbi,
    functionName: "mint",
    args: [operator, reward + stake],
  });
  await approveOnce(ctx, USDe.address, operator, sUSDe.address);
  await callContract(ctx, {
    from: operator,
    address: sUSDe.address,
    abi: sUsdeAbi,
    functionName: "transferInRewards",
    args: [reward],
  });
  await callContract(ctx, {
    from: operator,
    address: sUSDe.address,
    abi: erc4626Abi,
    functionName: "deposit",
    args: [stake, operator],
  });
}
