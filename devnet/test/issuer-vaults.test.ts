import { type Address, getAddress, parseUnits, toFunctionSelector, zeroHash } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadArtifact } from "../src/contracts/artifacts.ts";
import { ANVIL_ACCOUNTS, bareAnvil } from "./bare-anvil.ts";

/** The Midas vault twins and the Centrifuge ERC-7540 vault twin, through their whole request lifecycles. */
const chain = bareAnvil(5880);
const [issuer, user] = ANVIL_ACCOUNTS as [(typeof ANVIL_ACCOUNTS)[0], (typeof ANVIL_ACCOUNTS)[0]];
const token = loadArtifact("RwaToken");
const feedArtifact = loadArtifact("MidasDataFeedTwin");
const dvArtifact = loadArtifact("MidasDepositVaultTwin");
const rvArtifact = loadArtifact("MidasRedemptionVaultTwin");
const cfgArtifact = loadArtifact("CentrifugeAsyncVaultTwin");
const receiver = "0x000000000000000000000000000000000000dEaD" as Address;

let usdc: Address;
let mToken: Address;
let share: Address;
let feed: Address;
let dv: Address;
let rv: Address;
let cfg: Address;
let t0: bigint;

const usd = (n: string) => parseUnits(n, 6);
const e18 = (n: string) => parseUnits(n, 18);
const balanceOf = (t: Address, who: Address): Promise<bigint> => chain.read(t, token.abi, "balanceOf", [who]);
const timestampOf = async (blockNumber: bigint) => (await chain.pub.getBlock({ blockNumber })).timestamp;
/** mTBILL-like model: 4.8 %/year, no noise, 1 USD at t0 */
const model = () => ({ seed: 1n, p0: e18("1"), t0, apyBps: 480, volBps: 0 });
const rateAt = (t: bigint) =>
  (e18("1") * (10n ** 18n + (480n * (t - t0) * 10n ** 18n) / (10_000n * 365n * 86_400n))) / 10n ** 18n;

async function reverts(
  address: Address,
  abi: readonly unknown[],
  functionName: string,
  args: unknown[],
  reason: string,
) {
  await expect(
    chain.pub.simulateContract({ account: user, address, abi: abi as any, functionName, args } as any),
  ).rejects.toThrow(reason);
}

beforeAll(async () => {
  await chain.start();
  t0 = (await chain.pub.getBlock()).timestamp;
  usdc = await chain.deploy(issuer, token, ["USD Coin", "USDC", 6, issuer.address]);
  mToken = await chain.deploy(issuer, token, ["Midas mTBILL", "mTBILL", 18, issuer.address]);
  share = await chain.deploy(issuer, token, ["deSPXA", "deSPXA", 18, issuer.address]);
  feed = await chain.deploy(issuer, feedArtifact, [model()]);
  // instant fee 0.5 %, instant daily limit 5,000 mTBILL, minimum 10 mTBILL
  dv = await chain.deploy(issuer, dvArtifact, [
    mToken,
    feed,
    issuer.address,
    receiver,
    50n,
    e18("5000"),
    e18("10"),
  ]);
  rv = await chain.deploy(issuer, rvArtifact, [mToken, feed, issuer.address, 50n, e18("5000"), e18("10")]);
  cfg = await chain.deploy(issuer, cfgArtifact, [
    usdc,
    share,
    issuer.address,
    usd("10"),
    { ...model(), p0: e18("480") },
  ]);
  for (const v of [dv, rv])
    await chain.send(issuer, v, dvArtifact.abi, "addPaymentToken", [usdc, receiver, 0n, true]);
  await chain.send(issuer, mToken, token.abi, "mint", [dv, e18("1000000")]);
  await chain.send(issuer, usdc, token.abi, "mint", [rv, usd("1000000")]);
  await chain.send(issuer, share, token.abi, "mint", [cfg, e18("1000")]);
  await chain.send(issuer, usdc, token.abi, "mint", [user.address, usd("100000")]);
  await chain.send(issuer, usdc, token.abi, "mint", [issuer.address, usd("100000")]);
}, 60_000);
afterAll(() => chain.stop());

describe("Midas deposit vault twin", () => {
  it("depositInstant pays USDC to the tokens receiver and issues mTokens at the feed's rate less the instant fee", async () => {
    await chain.send(user, usdc, token.abi, "approve", [dv, usd("100000")]);
    const before = await balanceOf(usdc, user.address);
    const receipt = await chain.send(user, dv, dvArtifact.abi, "depositInstant", [
      usdc,
      e18("1000"),
      e18("900"),
      zeroHash,
    ]);
    const rate = rateAt(await timestampOf(receipt.blockNumber));
    expect(await chain.read(feed, feedArtifact.abi, "rateAt", [await timestampOf(receipt.blockNumber)])).toBe(
      rate,
    );
    expect(before - (await balanceOf(usdc, user.address))).toBe(usd("1000"));
    expect(await balanceOf(usdc, receiver)).toBe(usd("1000"));
    const fee = (e18("1000") * 50n) / 10_000n;
    expect(await balanceOf(mToken, user.address)).toBe(((e18("1000") - fee) * 10n ** 18n) / rate);
  });

  it("enforces the minimum, the caller's minimum out, the instant daily limit and the per-function pause", async () => {
    await reverts(
      dv,
      dvArtifact.abi,
      "depositInstant",
      [usdc, e18("5"), 0n, zeroHash],
      "DV: mToken amount < min",
    );
    await reverts(
      dv,
      dvArtifact.abi,
      "depositInstant",
      [usdc, e18("100"), e18("100"), zeroHash],
      "DV: minReceiveAmount > actual",
    );
    await reverts(
      dv,
      dvArtifact.abi,
      "depositInstant",
      [usdc, e18("4500"), 0n, zeroHash],
      "MV: exceed limit",
    );
    const fn = toFunctionSelector("depositInstant(address,uint256,uint256,bytes32)");
    await chain.send(issuer, dv, dvArtifact.abi, "pauseFn", [fn]);
    expect(await chain.read(dv, dvArtifact.abi, "fnPaused", [fn])).toBe(true);
    await reverts(
      dv,
      dvArtifact.abi,
      "depositInstant",
      [usdc, e18("100"), 0n, zeroHash],
      "Pausable: fn paused",
    );
    await chain.send(issuer, dv, dvArtifact.abi, "unpauseFn", [fn]);
    await reverts(dv, dvArtifact.abi, "approveRequest", [0n, e18("1")], "WMAC: hasnt role");
  });

  it("depositRequest holds the payment until the admin approves it at a new rate", async () => {
    const held = await balanceOf(mToken, user.address);
    await chain.send(user, dv, dvArtifact.abi, "depositRequest", [usdc, e18("200"), zeroHash]);
    const [sender, , status, usdIn, usdNet] = await chain.read(dv, dvArtifact.abi, "mintRequests", [0n]);
    expect([sender, status, usdIn, usdNet]).toEqual([user.address, 0, e18("200"), e18("200")]);
    expect(await balanceOf(usdc, dv)).toBe(usd("200"));
    await chain.send(issuer, dv, dvArtifact.abi, "approveRequest", [0n, e18("1.25")]);
    expect((await chain.read(dv, dvArtifact.abi, "mintRequests", [0n]))[2]).toBe(1);
    expect((await balanceOf(mToken, user.address)) - held).toBe(e18("160"));
    expect(await balanceOf(usdc, receiver)).toBe(usd("1200"));
  });
});

describe("Midas redemption vault twin", () => {
  it("redeemInstant pays USDC at the feed's rate less the instant fee", async () => {
    await chain.send(user, mToken, token.abi, "approve", [rv, e18("1000000")]);
    const before = await balanceOf(usdc, user.address);
    const receipt = await chain.send(user, rv, rvArtifact.abi, "redeemInstant", [usdc, e18("100"), 0n]);
    const rate = rateAt(await timestampOf(receipt.blockNumber));
    const paid = ((e18("100") - e18("0.5")) * rate) / 10n ** 18n / 10n ** 12n;
    expect((await balanceOf(usdc, user.address)) - before).toBe(paid);
    await reverts(rv, rvArtifact.abi, "redeemInstant", [usdc, e18("5"), 0n], "RV: amount < min");
  });

  it("redeemRequest escrows the mTokens; approveRequest pays USDC at the approved rate; rejectRequest refunds", async () => {
    const mBefore = await balanceOf(mToken, user.address);
    const uBefore = await balanceOf(usdc, user.address);
    await chain.send(user, rv, rvArtifact.abi, "redeemRequest", [usdc, e18("300")]);
    const [sender, tokenOut, status, amount] = await chain.read(rv, rvArtifact.abi, "redeemRequests", [0n]);
    expect([sender, tokenOut, status, amount]).toEqual([user.address, getAddress(usdc), 0, e18("300")]);
    expect(mBefore - (await balanceOf(mToken, user.address))).toBe(e18("300"));
    await chain.send(issuer, rv, rvArtifact.abi, "approveRequest", [0n, e18("1.01")]);
    expect((await chain.read(rv, rvArtifact.abi, "redeemRequests", [0n]))[2]).toBe(1);
    expect((await balanceOf(usdc, user.address)) - uBefore).toBe(usd("303"));
    await reverts(rv, rvArtifact.abi, "approveRequest", [0n, e18("1")], "WMAC: hasnt role");

    await chain.send(user, rv, rvArtifact.abi, "redeemRequest", [usdc, e18("50")]);
    await chain.send(issuer, rv, rvArtifact.abi, "rejectRequest", [1n]);
    expect((await chain.read(rv, rvArtifact.abi, "redeemRequests", [1n]))[2]).toBe(2);
    expect(mBefore - (await balanceOf(mToken, user.address))).toBe(e18("300"));
  });
});

describe("Centrifuge ERC-7540 vault twin", () => {
  it("request → fulfilment by the manager → claim by the controller's operator, shares in the controller's account", async () => {
    await chain.send(user, usdc, token.abi, "approve", [cfg, usd("100000")]);
    await chain.send(user, cfg, cfgArtifact.abi, "setOperator", [issuer.address, true]);
    expect(await chain.read(cfg, cfgArtifact.abi, "isOperator", [user.address, issuer.address])).toBe(true);
    await reverts(
      cfg,
      cfgArtifact.abi,
      "requestDeposit",
      [usd("5"), user.address, user.address],
      "AsyncVault/below-min-deposit",
    );
    await chain.send(user, cfg, cfgArtifact.abi, "requestDeposit", [usd("4800"), user.address, user.address]);
    expect(await chain.read(cfg, cfgArtifact.abi, "pendingDepositRequest", [0n, user.address])).toBe(
      usd("4800"),
    );
    await reverts(
      cfg,
      cfgArtifact.abi,
      "deposit",
      [usd("4800"), user.address, user.address],
      "AsyncVault/exceeds-max-deposit",
    );

    const receipt = await chain.send(issuer, cfg, cfgArtifact.abi, "fulfillDepositRequest", [user.address]);
    const price = rateAt(await timestampOf(receipt.blockNumber)) * 480n;
    const shares = (usd("4800") * 10n ** 30n) / price;
    expect(await chain.read(cfg, cfgArtifact.abi, "pendingDepositRequest", [0n, user.address])).toBe(0n);
    expect(await chain.read(cfg, cfgArtifact.abi, "claimableDepositRequest", [0n, user.address])).toBe(
      usd("4800"),
    );
    expect(await chain.read(cfg, cfgArtifact.abi, "maxMint", [user.address])).toBe(shares);

    await chain.send(issuer, cfg, cfgArtifact.abi, "deposit", [usd("4800"), user.address, user.address]);
    expect(await balanceOf(share, user.address)).toBe(shares);
    expect(await chain.read(cfg, cfgArtifact.abi, "claimableDepositRequest", [0n, user.address])).toBe(0n);
  });

  it("requestRedeem → fulfilment paid from the manager → redeem claim", async () => {
    const shares = await balanceOf(share, user.address);
    await chain.send(user, share, token.abi, "approve", [cfg, shares]);
    await chain.send(user, cfg, cfgArtifact.abi, "requestRedeem", [shares, user.address, user.address]);
    expect(await chain.read(cfg, cfgArtifact.abi, "pendingRedeemRequest", [0n, user.address])).toBe(shares);
    await chain.send(issuer, usdc, token.abi, "approve", [cfg, usd("100000")]);
    await chain.send(issuer, cfg, cfgArtifact.abi, "fulfillRedeemRequest", [user.address]);
    const assets: bigint = await chain.read(cfg, cfgArtifact.abi, "maxWithdraw", [user.address]);
    expect(assets).toBeGreaterThan(usd("4799"));
    const before = await balanceOf(usdc, user.address);
    await chain.send(issuer, cfg, cfgArtifact.abi, "redeem", [shares, user.address, user.address]);
    expect((await balanceOf(usdc, user.address)) - before).toBe(assets);
  });
});
