import {
  aaveOracleAbi,
  aavePoolAbi,
  aaveProtocolDataProviderAbi,
  morphoBlueAbi,
  morphoOracleAbi,
  UNISWAP_V3_POOL_INIT_CODE_HASH,
  uniswapV3FactoryAbi,
  uniswapV3PoolAbi,
  uniswapV3QuoterV2Abi,
  uniswapV3SwapRouterAbi,
  WETH,
} from "@compass/constants";
import {
  type Abi,
  type Address,
  encodeFunctionData,
  erc20Abi,
  erc4626Abi,
  keccak256,
  parseAbi,
  parseUnits,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { roleAccount } from "../src/accounts.ts";
import { loadArtifact } from "../src/contracts/artifacts.ts";
import { callContract } from "../src/earn/deploy.ts";
import { eulerAbi } from "../src/earn/euler.ts";
import { MORPHO_MARKETS, marketId, marketParams } from "../src/earn/morpho.ts";
import { npmArtifact } from "../src/earn/npm-artifacts.ts";
import { PENDLE_MARKET } from "../src/earn/pendle.ts";
import { eulerVaultsExtension } from "../src/extensions/euler-vaults.ts";
import { chainSpecByName, type DevnetHandle } from "../src/index.ts";
import { minedReceipt } from "../src/receipt.ts";
import { devnetClients } from "../src/rpc.ts";
import { clients, dev, devnetForFile } from "./helpers.ts";

const priceFeedAbi = parseAbi(["function latestAnswer() view returns (int256)"]);

let devnet: DevnetHandle;
let bootMs = 0;
devnetForFile("earn", 5100, { chains: ["ethereum"], twins: [], timeoutMs: 180_000 }, (d, ms) => {
  devnet = d;
  bootMs = ms;
});

const contract = (name: string) => devnet.addressBook.chains.ethereum!.contracts[name] as Address;
const token = (symbol: string) => devnet.addressBook.tokens!.ethereum![symbol]!.address as Address;

async function send(index: number, tx: { to: Address; data?: `0x${string}`; value?: bigint; gas?: bigint }) {
  const c = clients(devnet, "ethereum");
  const account = privateKeyToAccount(dev(devnet, index).privateKey);
  const hash = await c.wallet.sendTransaction({ account, chain: c.chain, ...tx });
  const receipt = await minedReceipt(c.public, hash);
  expect(receipt.status).toBe("success");
  return receipt;
}

// The machine is shared: generous per-test time, since each step is a few transactions on a local chain.
describe("earn protocols on the devnet", { timeout: 90_000 }, () => {
  it("bootstraps in reasonable time", () => {
    console.log(`ethereum with earn protocols bootstrapped in ${Math.round(bootMs)} ms`);
    expect(bootMs).toBeLessThan(120_000);
  });

  it("the address book lists where each contract's events start", async () => {
    const c = clients(devnet, "ethereum");
    const { deployBlocks } = devnet.addressBook.chains.ethereum!;
    const names = [
      "SafeProxyFactory",
      "Erc4626VaultUSDC",
      "UniswapV3Factory",
      "AavePool",
      "MorphoBlue",
      "MorphoVaultFactory",
    ];
    const blocks = names.map((name) => deployBlocks?.[contract(name).toLowerCase()]);
    // installed in this order, each in a later block
    for (const [i, block] of blocks.entries()) {
      expect(block, names[i]).toBeTypeOf("number");
      if (i > 0) expect(block, names[i]).toBeGreaterThan(blocks[i - 1]!);
    }
    // within the chain's retained history: no code before the recorded block, code from it on
    const last = contract("MorphoVaultFactory");
    const at = BigInt(blocks.at(-1)!);
    expect(await c.public.getCode({ address: last, blockNumber: at - 1n })).toBeUndefined();
    expect(await c.public.getCode({ address: last })).not.toBeUndefined();
    expect(deployBlocks?.[token("USDT").toLowerCase()]).toBeTypeOf("number");
  });

  it("WETH9 sits at the canonical address, wraps and unwraps", async () => {
    const c = clients(devnet, "ethereum");
    const weth = WETH.ethereum!.address;
    expect(token("WETH")).toBe(weth);
    const read = (fn: "name" | "symbol" | "decimals") =>
      c.public.readContract({ address: weth, abi: erc20Abi, functionName: fn });
    expect([await read("name"), await read("symbol"), await read("decimals")]).toEqual([
      "Wrapped Ether",
      "WETH",
      18,
    ]);
    const me = dev(devnet, 3).address;
    const before = await c.public.readContract({
      address: weth,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [me],
    });
    await send(3, { to: weth, value: parseUnits("2", 18), data: "0xd0e30db0" });
    const after = await c.public.readContract({
      address: weth,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [me],
    });
    expect(after - before).toBe(parseUnits("2", 18));
  });

  it("dev accounts hold USDT and wstETH", async () => {
    const c = clients(devnet, "ethereum");
    const me = dev(devnet, 0).address;
    const usdt = await c.public.readContract({
      address: token("USDT"),
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [me],
    });
    expect(usdt).toBe(parseUnits("1000000", 6));
    const wst = await c.public.readContract({
      address: token("wstETH"),
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [me],
    });
    expect(wst).toBe(parseUnits("100", 18));
  });

  it("a plain OpenZeppelin ERC-4626 vault takes deposits and pays out what it earned", async () => {
    const c = clients(devnet, "ethereum");
    const vault = contract("Erc4626VaultUSDC");
    const usdc = token("USDC");
    expect(await c.public.readContract({ address: vault, abi: erc4626Abi, functionName: "asset" })).toBe(
      usdc,
    );
    // the operator's seed, and the USDC behind the Pendle market's SY (its shares are the SY's reserve)
    expect(
      await c.public.readContract({ address: vault, abi: erc4626Abi, functionName: "totalAssets" }),
    ).toBe(parseUnits("250000", 6) + parseUnits(PENDLE_MARKET.seed, 6));
    const me = dev(devnet, 4).address;
    const amount = parseUnits("1000", 6);
    await send(4, {
      to: usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [vault, amount] }),
    });
    await send(4, {
      to: vault,
      data: encodeFunctionData({ abi: erc4626Abi, functionName: "deposit", args: [amount, me] }),
    });
    const shares = await c.public.readContract({
      address: vault,
      abi: erc4626Abi,
      functionName: "balanceOf",
      args: [me],
    });
    expect(shares).toBeGreaterThan(0n);
    const assets = await c.public.readContract({
      address: vault,
      abi: erc4626Abi,
      functionName: "convertToAssets",
      args: [shares],
    });
    expect(assets).toBeGreaterThanOrEqual(amount - 1n);
    expect(assets).toBeLessThanOrEqual(amount);
  });

  it("Uniswap v3: the factory's pool bytecode hashes to the periphery's init code hash", () => {
    expect(keccak256(npmArtifact("UniswapV3Pool").bytecode)).toBe(UNISWAP_V3_POOL_INIT_CODE_HASH);
  });

  it("Uniswap v3: seeded pools sit where the factory says, and a swap through SwapRouter moves the price", async () => {
    const c = clients(devnet, "ethereum");
    const pool = contract("UniswapV3Pool_WETH_USDC_500");
    const [usdc, weth] = [token("USDC"), token("WETH")];
    const listed = await c.public.readContract({
      address: contract("UniswapV3Factory"),
      abi: uniswapV3FactoryAbi,
      functionName: "getPool",
      args: [usdc, weth, 500],
    });
    expect(listed).toBe(pool);
    const priceOf = async () => {
      const [sqrtPriceX96] = await c.public.readContract({
        address: pool,
        abi: uniswapV3PoolAbi,
        functionName: "slot0",
      });
      // token0 is USDC on ethereum (lower address): WETH per USDC in raw units → USDC per WETH
      const raw = Number(sqrtPriceX96) ** 2 / 2 ** 192;
      return 1 / (raw * 10 ** -12);
    };
    const before = await priceOf();
    // the activity generator's swaps walk the price; the WETH feed follows the pool
    expect(before).toBeGreaterThan(2500);
    expect(before).toBeLessThan(3500);
    const feed = await c.public.readContract({
      address: contract("PriceFeed_WETH_USD"),
      abi: priceFeedAbi,
      functionName: "latestAnswer",
    });
    expect(before / (Number(feed) / 1e8)).toBeCloseTo(1, 6);

    const amountIn = parseUnits("100000", 6);
    const params = { tokenIn: usdc, tokenOut: weth, fee: 500, amountIn, sqrtPriceLimitX96: 0n } as const;
    const { result: quote } = await c.public.simulateContract({
      address: contract("UniswapV3QuoterV2"),
      abi: uniswapV3QuoterV2Abi,
      functionName: "quoteExactInputSingle",
      args: [params],
    });
    const router = contract("UniswapV3SwapRouter");
    const me = dev(devnet, 5).address;
    await send(5, {
      to: usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [router, amountIn] }),
    });
    const wethBefore = await c.public.readContract({
      address: weth,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [me],
    });
    const deadline = (await c.public.getBlock()).timestamp + 600n;
    await send(5, {
      to: router,
      data: encodeFunctionData({
        abi: uniswapV3SwapRouterAbi,
        functionName: "exactInputSingle",
        args: [{ ...params, recipient: me, deadline, amountOutMinimum: quote[0] }],
      }),
    });
    const got =
      (await c.public.readContract({ address: weth, abi: erc20Abi, functionName: "balanceOf", args: [me] })) -
      wethBefore;
    expect(got).toBe(quote[0]);
    // 100k USDC into ~900k USDC of full-range depth: a real price impact, well above the 0.05 % fee
    const effective = Number(amountIn) / 1e6 / (Number(got) / 1e18);
    expect(effective).toBeGreaterThan(before * 1.05);
    expect(await priceOf()).toBeGreaterThan(before * 1.1);
  });

  it("Aave v3: reserves are configured with LTVs and caps, priced by the feeds, and a supply earns interest", async () => {
    const c = clients(devnet, "ethereum");
    const [usdc, weth] = [token("USDC"), token("WETH")];
    const dataProvider = contract("AaveProtocolDataProvider");
    const config = await c.public.readContract({
      address: dataProvider,
      abi: aaveProtocolDataProviderAbi,
      functionName: "getReserveConfigurationData",
      args: [weth],
    });
    expect(config[1]).toBe(8050n); // ltv
    expect(config[2]).toBe(8300n); // liquidation threshold
    const caps = await c.public.readContract({
      address: dataProvider,
      abi: aaveProtocolDataProviderAbi,
      functionName: "getReserveCaps",
      args: [usdc],
    });
    expect(caps).toEqual([40_000_000n, 50_000_000n]);
    const price = await c.public.readContract({
      address: contract("AaveOracle"),
      abi: aaveOracleAbi,
      functionName: "getAssetPrice",
      args: [weth],
    });
    expect(price).toBe(
      await c.public.readContract({
        address: contract("PriceFeed_WETH_USD"),
        abi: priceFeedAbi,
        functionName: "latestAnswer",
      }),
    );
    const [, , aTokenAddress] = [0, 0, contract("AaveAToken_USDC")];
    const tokens = await c.public.readContract({
      address: dataProvider,
      abi: aaveProtocolDataProviderAbi,
      functionName: "getReserveTokensAddresses",
      args: [usdc],
    });
    expect(tokens[0]).toBe(aTokenAddress);

    const pool = contract("AavePool");
    const me = dev(devnet, 6).address;
    const amount = parseUnits("10000", 6);
    await send(6, {
      to: usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [pool, amount] }),
    });
    // a fixed gas limit: estimated in the second the reserve was last updated, the supply skips the index
    // update and the estimate falls short once mined a second later (out of gas, seen under load)
    await send(6, {
      to: pool,
      data: encodeFunctionData({ abi: aavePoolAbi, functionName: "supply", args: [usdc, amount, me, 0] }),
      gas: 800_000n,
    });
    const aBalance = () =>
      c.public.readContract({ address: aTokenAddress, abi: erc20Abi, functionName: "balanceOf", args: [me] });
    const supplied = await aBalance();
    expect(supplied).toBeGreaterThanOrEqual(amount - 1n);
    const reserve = await c.public.readContract({
      address: pool,
      abi: aavePoolAbi,
      functionName: "getReserveData",
      args: [usdc],
    });
    expect(reserve.currentLiquidityRate).toBeGreaterThan(0n); // the seeded borrow makes suppliers earn
    await devnet.advanceTime(30 * 86_400);
    const later = await aBalance();
    // ~60 % utilisation at 4 %·(0.6/0.9) borrow rate, less the 10 % reserve factor: ≈ 1.6 % a year
    expect(later).toBeGreaterThan(supplied + parseUnits("5", 6));
    expect(later).toBeLessThan(supplied + parseUnits("50", 6));
  });

  it("Morpho Blue: the USDC/WETH market prices collateral from the feeds, lends, and accrues interest", async () => {
    const c = clients(devnet, "ethereum");
    const morpho = contract("MorphoBlue");
    const params = marketParams("ethereum", MORPHO_MARKETS[0]);
    const id = marketId(params);
    expect(params.oracle).toBe(contract("MorphoOracle_WETH_USDC"));
    // one WETH (1e18) in USDC units (1e6), scaled by 1e36: the WETH/USD feed over the USDC/USD feed
    const price = await c.public.readContract({
      address: params.oracle,
      abi: morphoOracleAbi,
      functionName: "price",
    });
    const answer = (symbol: string) =>
      c.public.readContract({
        address: contract(`PriceFeed_${symbol}_USD`),
        abi: priceFeedAbi,
        functionName: "latestAnswer",
      });
    expect(price).toBe(((await answer("WETH")) * 10n ** 24n) / (await answer("USDC")));
    const read = () =>
      c.public.readContract({ address: morpho, abi: morphoBlueAbi, functionName: "market", args: [id] });
    const [totalSupplyAssets, , totalBorrowAssets] = await read();
    // seeded 2M supplied and 1M borrowed, then moved by the activity generator
    expect(totalSupplyAssets).toBeGreaterThanOrEqual(parseUnits("2000000", 6));
    expect(totalBorrowAssets).toBeGreaterThan(parseUnits("800000", 6));
    expect(totalBorrowAssets).toBeLessThan(parseUnits("1200000", 6));

    const me = dev(devnet, 7).address;
    const amount = parseUnits("50000", 6);
    await send(7, {
      to: params.loanToken,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [morpho, amount] }),
    });
    await send(7, {
      to: morpho,
      data: encodeFunctionData({
        abi: morphoBlueAbi,
        functionName: "supply",
        args: [params, amount, 0n, me, "0x"],
      }),
    });
    await devnet.advanceTime(365 * 86_400);
    // a fixed gas limit: estimated in the same second as the market's last update, accrueInterest takes its
    // early return (no time elapsed) and the estimate would not cover the rate model's call once mined later
    await send(7, {
      to: morpho,
      data: encodeFunctionData({ abi: morphoBlueAbi, functionName: "accrueInterest", args: [params] }),
      gas: 500_000n,
    });
    const [supplyAfter, supplySharesAfter] = await read();
    const [myShares] = await c.public.readContract({
      address: morpho,
      abi: morphoBlueAbi,
      functionName: "position",
      args: [id, me],
    });
    const mine = (myShares * supplyAfter) / supplySharesAfter;
    // IrmMock: borrow APR = utilisation (≈ 49 %), continuously compounded; suppliers get it × utilisation
    expect(mine).toBeGreaterThan((amount * 115n) / 100n);
    expect(mine).toBeLessThan((amount * 145n) / 100n);
  });

  it("markets live: a clock advance moves the pool price, the feeds, utilisation and the plain vault's share price", async () => {
    const c = clients(devnet, "ethereum");
    const vault = contract("Erc4626VaultUSDC");
    const pool = contract("UniswapV3Pool_WETH_USDC_500");
    const sharePrice = () =>
      c.public.readContract({
        address: vault,
        abi: erc4626Abi,
        functionName: "convertToAssets",
        args: [10n ** 12n],
      });
    const slot0 = async () =>
      (await c.public.readContract({ address: pool, abi: uniswapV3PoolAbi, functionName: "slot0" }))[0];
    const feed = () =>
      c.public.readContract({
        address: contract("AaveOracle"),
        abi: aaveOracleAbi,
        functionName: "getAssetPrice",
        args: [token("WETH")],
      });
    const debt = () =>
      c.public.readContract({
        address: contract("AaveProtocolDataProvider"),
        abi: aaveProtocolDataProviderAbi,
        functionName: "getTotalDebt",
        args: [token("USDC")],
      });
    const before = {
      share: await sharePrice(),
      price: await slot0(),
      feed: await feed(),
      debt: await debt(),
    };
    await devnet.advanceTime(7 * 86_400);
    const after = { share: await sharePrice(), price: await slot0(), feed: await feed(), debt: await debt() };
    // 4 % a year for a week on the vault: ≈ 0.077 %
    expect(after.share).toBeGreaterThan((before.share * 10_005n) / 10_000n);
    expect(after.share).toBeLessThan((before.share * 10_010n) / 10_000n);
    expect(after.price).not.toBe(before.price);
    expect(after.feed).not.toBe(before.feed);
    expect(after.debt).not.toBe(before.debt);
  });

  it("MetaMorpho-ABI vault: found from the factory's event, supplies its seed into the Blue markets", async () => {
    const c = clients(devnet, "ethereum");
    const vault = contract("MetaMorphoUSDC");
    const factory = loadArtifact("MetaMorphoTwinFactory");
    const logs = await c.public.getContractEvents({
      address: contract("MorphoVaultFactory"),
      abi: factory.abi as Abi,
      eventName: "CreateMetaMorpho",
      fromBlock: 0n,
    });
    expect(logs.map((l) => (l as unknown as { args: { metaMorpho: Address } }).args.metaMorpho)).toEqual([
      vault,
    ]);
    const abi = loadArtifact("MetaMorphoTwin").abi as Abi;
    const read = (functionName: string, args: unknown[] = []) =>
      c.public.readContract({ address: vault, abi, functionName, args }) as Promise<bigint>;
    expect(await read("supplyQueueLength")).toBe(2n);
    const total = await read("totalAssets");
    expect(total).toBeGreaterThanOrEqual(200_000n * 10n ** 6n - 2n);
    let supplied = 0n;
    for (const market of MORPHO_MARKETS) {
      const id = marketId(marketParams("ethereum", market));
      const [shares] = await c.public.readContract({
        address: contract("MorphoBlue"),
        abi: morphoBlueAbi,
        functionName: "position",
        args: [id, vault],
      });
      const [tsa, tss] = await c.public.readContract({
        address: contract("MorphoBlue"),
        abi: morphoBlueAbi,
        functionName: "market",
        args: [id],
      });
      supplied += (shares * (tsa + 1n)) / (tss + 10n ** 6n);
    }
    expect(supplied).toBe(total);
  });

  it("Euler-ABI vault: created by the factory (ProxyCreated), partly lent, interest net of the fee accrues with time, a deposit and a withdrawal", async () => {
    const c = clients(devnet, "ethereum");
    const vault = contract("EulerVaultUSDC");
    const logs = await c.public.getContractEvents({
      address: contract("EulerFactory"),
      abi: loadArtifact("EulerFactoryTwin").abi as Abi,
      eventName: "ProxyCreated",
      fromBlock: 0n,
    });
    expect(logs.map((l) => (l as unknown as { args: { proxy: Address } }).args.proxy)).toEqual([vault]);
    const abi = loadArtifact("EulerVaultTwin").abi as Abi;
    const read = <T = bigint>(functionName: string, args: unknown[] = []) =>
      c.public.readContract({ address: vault, abi, functionName, args }) as Promise<T>;
    expect(await read<string>("symbol")).toBe("eUSDC-1");
    expect(await read<string>("name")).toBe("EVK Vault eUSDC-1");
    expect(await read<Address>("EVC")).toBe(zeroAddress);
    expect(await read<readonly [number, number]>("caps")).toEqual([(100 << 6) | 13, 0]);
    expect(await read<Address>("interestRateModel")).toBe(contract("EulerIrmLinearKink"));
    expect(await read<number>("interestFee")).toBe(1000);
    // the state and the rate it implies read at one block: the devnet's background activity can move the loan between
    // two reads at "latest" (a rate once missed the utilisation read just before it)
    const at = await c.public.getBlockNumber();
    const readAt = (functionName: string) =>
      c.public.readContract({ address: vault, abi, functionName, blockNumber: at }) as Promise<bigint>;
    const [cash, borrows, total] = [
      await readAt("cash"),
      await readAt("totalBorrows"),
      await readAt("totalAssets"),
    ];
    expect(total).toBe(cash + borrows);
    // 300,000 seeded, 150,000 lent, then the bootstrap's activity round borrowed or repaid up to 30,000
    expect(total).toBeGreaterThanOrEqual(300_000n * 10n ** 6n);
    const utilisation = Number(borrows) / Number(total);
    expect(utilisation).toBeGreaterThanOrEqual(0.3);
    expect(utilisation).toBeLessThanOrEqual(0.7);
    // the kink model (4 % a year at the 80 % kink) sets the rate from cash and borrows as of the vault's last
    // touch, while totalBorrows includes the interest since: within 0.05 percentage points, however long the
    // rest of the bootstrap took after the activity round
    const rate = await readAt("interestRate");
    expect(Number(rate * 365n * 86_400n) / 1e27).toBeCloseTo((0.04 * utilisation) / 0.8, 3);
    // the cap leaves 10M less what it holds
    expect(await read("maxDeposit", [zeroAddress])).toBe(10_000_000n * 10n ** 6n - total);

    const price = () => read("convertToAssets", [10n ** 6n]);
    const before = await price();
    await devnet.advanceTime(30 * 86_400);
    const after = await price();
    // a month of the rate on the lent part, less the 10 % fee (≈ +0.09 % at half lent)
    const month = (Number(rate) / 1e27) * 30 * 86_400 * utilisation * 0.9;
    expect(Number(after - before) / Number(before)).toBeCloseTo(month, 5);

    const me = dev(devnet, 6);
    const usdc = token("USDC");
    const amount = 1_000n * 10n ** 6n;
    await send(6, {
      to: usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [vault, amount] }),
    });
    // the clock advance's activity round moved the loan: the cash now
    const cashNow = await read("cash");
    // fixed gas limits, as for the Morpho accrual above: the deposit reverted once in a loaded CI run, the likely cause
    // the same (estimated in the second of the vault's last interest update, the estimate skips the accrual it runs)
    await send(6, {
      to: vault,
      data: encodeFunctionData({ abi: erc4626Abi, functionName: "deposit", args: [amount, me.address] }),
      gas: 600_000n,
    });
    expect(await read("cash")).toBe(cashNow + amount);
    const shares = await read("balanceOf", [me.address]);
    const usdcBefore = await c.public.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [me.address],
    });
    await send(6, {
      to: vault,
      data: encodeFunctionData({
        abi: erc4626Abi,
        functionName: "redeem",
        args: [shares, me.address, me.address],
      }),
      gas: 600_000n,
    });
    const back =
      (await c.public.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [me.address],
      })) - usdcBefore;
    // the seconds between deposit and redemption earn a little; rounding favours the vault
    expect(back).toBeGreaterThanOrEqual(amount - 1n);
    expect(back).toBeLessThan(amount + 10_000n);
  });

  it("Euler: running the extension again sends nothing; a setting changed on chain is put back by one transaction", async () => {
    const spec = chainSpecByName("ethereum");
    const ctx = { spec, clients: devnetClients(spec, devnet.chains.ethereum!.rpcUrl), log: () => {} };
    const block = () => ctx.clients.public.getBlockNumber({ cacheTime: 0 });
    const before = await block();
    await eulerVaultsExtension.ensure(ctx);
    expect(await block()).toBe(before);
    const vault = contract("EulerVaultUSDC");
    await callContract(ctx, {
      from: roleAccount("deployer").address,
      address: vault,
      abi: eulerAbi,
      functionName: "setCaps",
      args: [0, 0],
    });
    const changed = await block();
    await eulerVaultsExtension.ensure(ctx);
    expect(await block()).toBe(changed + 1n);
    expect(
      await ctx.clients.public.readContract({ address: vault, abi: eulerAbi, functionName: "caps" }),
    ).toEqual([(100 << 6) | 13, 0]);
  });
});
