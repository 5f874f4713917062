import {
  type Abi,
  type Address,
  encodeFunctionData,
  erc20Abi,
  maxUint256,
  parseUnits,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { npmArtifact } from "../src/earn/npm-artifacts.ts";
import { PENDLE_MARKET } from "../src/earn/pendle.ts";
import { pendleExtension } from "../src/extensions/pendle.ts";
import { chainSpecByName, type DevnetHandle } from "../src/index.ts";
import { minedReceipt } from "../src/receipt.ts";
import { devnetClients } from "../src/rpc.ts";
import { clients, dev, devnetForFile } from "./helpers.ts";

// Pendle v2 from @pendle/core-v2's artifacts on a devnet chain (earn protocols only, no twins): a fresh
// account buys PT with USDC through the real PendleRouterV4 and sells it back.
let devnet: DevnetHandle;
let bootMs = 0;
devnetForFile("pendle", 5400, { chains: ["ethereum"], twins: [], timeoutMs: 240_000 }, (d, ms) => {
  devnet = d;
  bootMs = ms;
});

const contract = (name: string) => devnet.addressBook.chains.ethereum!.contracts[name] as Address;
const token = (symbol: string) => devnet.addressBook.tokens!.ethereum![symbol]!.address as Address;
const routerAbi = [...npmArtifact("ActionSwapPTV3").abi, ...npmArtifact("ActionStorageV4").abi] as Abi;
const marketAbi = npmArtifact("PendleMarketV7").abi as Abi;

/** Pendle's documented on-chain search bounds: no off-chain guess, binary search over the whole range. */
const APPROX = { guessMin: 0n, guessMax: maxUint256, guessOffchain: 0n, maxIteration: 256n, eps: 10n ** 14n };
const NO_SWAP = { swapType: 0, extRouter: zeroAddress, extCalldata: "0x", needScale: false } as const;
const NO_LIMIT = {
  limitRouter: zeroAddress,
  epsSkipMarket: 0n,
  normalFills: [],
  flashFills: [],
  optData: "0x",
} as const;

describe("Pendle v2 on the devnet", { timeout: 120_000 }, () => {
  it("lists Pendle in the address book and seeds the USDC market", async () => {
    console.log(`ethereum with earn protocols and Pendle bootstrapped in ${Math.round(bootMs)} ms`);
    const c = clients(devnet, "ethereum");
    for (const name of [
      "PendleRouter",
      "PendleRouterStatic",
      "PendleMarketFactory",
      "PendleYieldContractFactory",
      "PendleMarket_USDC",
      "PendlePT_USDC",
      "PendleYT_USDC",
      "PendleSY_USDC",
    ]) {
      expect(await c.public.getCode({ address: contract(name) }), name).not.toBeUndefined();
    }
    const read = (address: Address, abi: Abi, functionName: string, args: unknown[] = []) =>
      c.public.readContract({ address, abi, functionName, args }) as Promise<any>;
    const [sy, pt, yt] = await read(contract("PendleMarket_USDC"), marketAbi, "readTokens");
    expect([sy, pt, yt]).toEqual([
      contract("PendleSY_USDC"),
      contract("PendlePT_USDC"),
      contract("PendleYT_USDC"),
    ]);
    const factoryAbi = npmArtifact("PendleMarketFactoryV7Upg").abi as Abi;
    expect(
      await read(contract("PendleMarketFactory"), factoryAbi, "isValidMarket", [
        contract("PendleMarket_USDC"),
      ]),
    ).toBe(true);
    expect(await read(pt, erc20Abi as Abi, "symbol")).toBe("PT-dvUSDC-30DEC2027");
    const state = await read(contract("PendleMarket_USDC"), marketAbi, "readState", [
      contract("PendleRouter"),
    ]);
    expect(state.totalPt).toBeGreaterThan(parseUnits("200000", 6));
    expect(state.totalSy).toBeGreaterThan(parseUnits("200000", 6));
    expect(state.expiry).toBe(BigInt(PENDLE_MARKET.expiry));
    // ln(1 + implied APY): 4-10% a year
    const apy = Math.exp(Number(state.lastLnImpliedRate) / 1e18) - 1;
    console.log(`implied APY ${(apy * 100).toFixed(2)}%`);
    expect(apy).toBeGreaterThan(0.04);
    expect(apy).toBeLessThan(0.1);
  });

  it("a fresh account buys PT with USDC through the router and sells it back", async () => {
    const c = clients(devnet, "ethereum");
    const me = dev(devnet, 8);
    const account = privateKeyToAccount(me.privateKey);
    const usdc = token("USDC");
    const router = contract("PendleRouter");
    const market = contract("PendleMarket_USDC");
    const pt = contract("PendlePT_USDC");
    const send = async (to: Address, data: `0x${string}`) => {
      // A margin over the estimate, as wallets add: a market whose oracle last wrote in an earlier second
      // writes a new observation, so a transaction mined a second after its estimate costs more gas.
      const gas = ((await c.public.estimateGas({ account, to, data })) * 3n) / 2n;
      const hash = await c.wallet.sendTransaction({ account, chain: c.chain, to, data, gas });
      const receipt = await minedReceipt(c.public, hash);
      expect(receipt.status).toBe("success");
    };
    const balance = (t: Address) =>
      c.public.readContract({ address: t, abi: erc20Abi, functionName: "balanceOf", args: [me.address] });

    const paid = parseUnits("1000", 6);
    const usdcBefore = await balance(usdc);
    expect(usdcBefore).toBeGreaterThanOrEqual(paid);
    expect(await balance(pt)).toBe(0n);
    await send(
      usdc,
      encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [router, maxUint256] }),
    );
    await send(
      router,
      encodeFunctionData({
        abi: routerAbi,
        functionName: "swapExactTokenForPt",
        args: [
          me.address,
          market,
          0n,
          APPROX,
          { tokenIn: usdc, netTokenIn: paid, tokenMintSy: usdc, pendleSwap: zeroAddress, swapData: NO_SWAP },
          NO_LIMIT,
        ],
      }),
    );
    const ptOut = await balance(pt);
    expect(await balance(usdc)).toBe(usdcBefore - paid);
    // Pendle's quoting contract, read at the block before the buy, agrees with what the router delivered
    const staticAbi = npmArtifact("IPRouterStatic").abi as Abi;
    const block = (await c.public.getBlockNumber()) - 1n;
    const [quoted] = (await c.public.readContract({
      address: contract("PendleRouterStatic"),
      abi: staticAbi,
      functionName: "swapExactTokenForPtStatic",
      args: [market, usdc, paid],
      blockNumber: block,
    })) as readonly bigint[];
    expect(Number(quoted! - ptOut)).toBeLessThan(Number(ptOut / 10_000n));
    expect(Number(ptOut - quoted!)).toBeLessThan(Number(ptOut / 10_000n));
    // PT trades at a discount: more PT than USDC paid, but not absurdly more before expiry
    expect(ptOut).toBeGreaterThan(paid);
    expect(ptOut).toBeLessThan((paid * 12n) / 10n);

    await send(
      pt,
      encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [router, maxUint256] }),
    );
    await send(
      router,
      encodeFunctionData({
        abi: routerAbi,
        functionName: "swapExactPtForToken",
        args: [
          me.address,
          market,
          ptOut,
          {
            tokenOut: usdc,
            minTokenOut: 0n,
            tokenRedeemSy: usdc,
            pendleSwap: zeroAddress,
            swapData: NO_SWAP,
          },
          NO_LIMIT,
        ],
      }),
    );
    expect(await balance(pt)).toBe(0n);
    const back = (await balance(usdc)) - (usdcBefore - paid);
    // round trip loses only fees and price impact
    expect(back).toBeLessThan(paid);
    expect(back).toBeGreaterThan((paid * 99n) / 100n);
  });

  it("running the extension again sends nothing", async () => {
    const spec = chainSpecByName("ethereum");
    const c = devnetClients(spec, devnet.chains.ethereum!.rpcUrl);
    const before = await c.public.getBlockNumber();
    await pendleExtension.ensure({ spec, clients: c, log: () => {} });
    expect(await c.public.getBlockNumber()).toBe(before);
  });
});
