import { type Abi, type Address, encodeAbiParameters, keccak256, parseEventLogs, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadArtifact } from "../src/contracts/artifacts.ts";
import { loadMorphoArtifact } from "../src/earn/morpho-compile.ts";
import { ANVIL_ACCOUNTS, bareAnvil } from "./bare-anvil.ts";

// The MetaMorpho-ABI twin against the real Morpho Blue on a bare anvil: deposits land in Blue markets along
// the supply queue, borrowers' interest raises the share price, withdrawals come back along the withdraw queue.
const chain = bareAnvil(5300);
const { pub, deploy, send, read } = chain;
const [owner, borrower] = ANVIL_ACCOUNTS as [(typeof ANVIL_ACCOUNTS)[0], (typeof ANVIL_ACCOUNTS)[0]];

beforeAll(() => chain.start([owner, borrower]), 30_000);
afterAll(() => chain.stop());

describe("MetaMorphoTwin over Morpho Blue", () => {
  it("supplies by supply queue, earns borrowers' interest, withdraws by withdraw queue", async () => {
    const token = loadArtifact("RwaToken");
    const morphoArt = loadMorphoArtifact("Morpho");
    const usdc = await deploy(owner, token, ["USD Coin", "USDC", 6, owner.address]);
    const weth = await deploy(owner, token, ["Wrapped Ether", "WETH", 18, owner.address]);
    const feed = loadArtifact("PriceFeed");
    const wethFeed = await deploy(owner, feed, [8, "WETH / USD", 3000n * 10n ** 8n, owner.address]);
    const usdcFeed = await deploy(owner, feed, [8, "USDC / USD", 10n ** 8n, owner.address]);
    const oracle = await deploy(owner, loadMorphoArtifact("MorphoFeedOracle"), [wethFeed, 18, usdcFeed, 6]);
    const morpho = await deploy(owner, morphoArt, [owner.address]);
    const irm = await deploy(owner, loadMorphoArtifact("IrmMock"));
    const m = morphoArt.abi as unknown[];
    await send(owner, morpho, m, "enableIrm", [irm]);
    const markets = [parseUnits("0.86", 18), parseUnits("0.77", 18)].map((lltv) => ({
      loanToken: usdc,
      collateralToken: weth,
      oracle,
      irm,
      lltv,
    }));
    const ids = markets.map((p) =>
      keccak256(
        encodeAbiParameters(
          [
            { type: "address" },
            { type: "address" },
            { type: "address" },
            { type: "address" },
            { type: "uint256" },
          ],
          [p.loanToken, p.collateralToken, p.oracle, p.irm, p.lltv],
        ),
      ),
    );
    for (const p of markets) {
      await send(owner, morpho, m, "enableLltv", [p.lltv]);
      await send(owner, morpho, m, "createMarket", [p]);
    }

    const factoryArt = loadArtifact("MetaMorphoTwinFactory");
    const vaultArt = loadArtifact("MetaMorphoTwin");
    const v = vaultArt.abi;
    const factory = await deploy(owner, factoryArt, [morpho]);
    const created = await send(owner, factory, factoryArt.abi, "createMetaMorpho", [
      owner.address,
      0n,
      usdc,
      "Twin USDC",
      "tmUSDC",
      `0x${"11".repeat(32)}`,
    ]);
    const [event] = parseEventLogs({
      abi: factoryArt.abi as Abi,
      logs: created.logs,
      eventName: "CreateMetaMorpho",
    });
    const vault = (event as unknown as { args: { metaMorpho: Address } }).args.metaMorpho;
    expect(await read(factory, factoryArt.abi, "isMetaMorpho", [vault])).toBe(true);
    expect((await read(vault, v, "MORPHO")).toLowerCase()).toBe(morpho.toLowerCase());
    expect((await read(vault, v, "owner")).toLowerCase()).toBe(owner.address.toLowerCase());

    const cap0 = parseUnits("600", 6);
    await send(owner, vault, v, "submitCap", [markets[0], cap0]);
    await send(owner, vault, v, "submitCap", [markets[1], parseUnits("10000", 6)]);
    await send(owner, vault, v, "setSupplyQueue", [ids]);
    expect(await read(vault, v, "config", [ids[0]])).toEqual([cap0, true, 0n]);
    expect(await read(vault, v, "withdrawQueueLength")).toBe(2n);
    expect(await read(vault, v, "maxDeposit", [owner.address])).toBe(parseUnits("10600", 6));

    // deposit 1000: 600 fills market 0's cap, 400 goes to market 1
    const amount = parseUnits("1000", 6);
    await send(owner, usdc, token.abi, "mint", [owner.address, amount * 2n]);
    await send(owner, usdc, token.abi, "approve", [vault, amount * 2n]);
    await send(owner, vault, v, "deposit", [amount, owner.address]);
    const supplied = async (i: number) => {
      const [shares] = await read(morpho, m, "position", [ids[i], vault]);
      const [tsa, tss] = await read(morpho, m, "market", [ids[i]]);
      return (shares * (tsa + 1n)) / (tss + 10n ** 6n);
    };
    expect(await supplied(0)).toBeGreaterThanOrEqual(cap0 - 1n);
    expect(await supplied(1)).toBeGreaterThanOrEqual(parseUnits("400", 6) - 1n);
    expect(await read(vault, v, "totalAssets")).toBeGreaterThanOrEqual(amount - 2n);

    // a borrower takes 500 from market 1; a year later interest accrued raises the share price
    const collateral = parseUnits("10", 18);
    await send(owner, weth, token.abi, "mint", [borrower.address, collateral]);
    await send(borrower, weth, token.abi, "approve", [morpho, collateral]);
    await send(borrower, morpho, m, "supplyCollateral", [markets[1], collateral, borrower.address, "0x"]);
    await send(borrower, morpho, m, "borrow", [
      markets[1],
      parseUnits("300", 6),
      0n,
      borrower.address,
      borrower.address,
    ]);
    const priceBefore: bigint = await read(vault, v, "convertToAssets", [10n ** 6n]);
    await pub.request({ method: "evm_increaseTime" as never, params: [365 * 86400] as never });
    await pub.request({ method: "evm_mine" as never, params: [] as never });
    await send(owner, morpho, m, "accrueInterest", [markets[1]]);
    const priceAfter: bigint = await read(vault, v, "convertToAssets", [10n ** 6n]);
    expect(priceAfter).toBeGreaterThan(priceBefore);

    // the position is worth more than deposited; what can leave now is bounded by the markets' liquidity
    // (market 1 lent 300 of its supply), taken from market 0 first, then market 1
    // the redemption is mined in the second the limits are read: a second later the borrowers' interest
    // raises the share price and the liquidity then buys fewer shares than maxRedeem said
    const { timestamp } = await pub.getBlock();
    const shares: bigint = await read(vault, v, "balanceOf", [owner.address]);
    expect(await read(vault, v, "convertToAssets", [shares])).toBeGreaterThan(amount);
    const maxRedeem: bigint = await read(vault, v, "maxRedeem", [owner.address]);
    expect(maxRedeem).toBeLessThan(shares);
    const expected: bigint = await read(vault, v, "previewRedeem", [maxRedeem]);
    const before: bigint = await read(usdc, token.abi, "balanceOf", [owner.address]);
    await pub.request({ method: "evm_setNextBlockTimestamp" as never, params: [Number(timestamp)] as never });
    await send(owner, vault, v, "redeem", [maxRedeem, owner.address, owner.address]);
    const after: bigint = await read(usdc, token.abi, "balanceOf", [owner.address]);
    expect(after - before).toBe(expected);
    expect(after - before).toBeGreaterThan(parseUnits("600", 6));
    expect(await supplied(0)).toBeLessThanOrEqual(1n);

    // a lower cap applies at once
    await send(owner, vault, v, "submitCap", [markets[0], 0n]);
    expect((await read(vault, v, "config", [ids[0]]))[0]).toBe(0n);
  }, 120_000);
});
