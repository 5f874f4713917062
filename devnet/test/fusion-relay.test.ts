import { copyFileSync } from "node:fs";
import {
  buildOrderTypedData,
  getOrderHash,
  LimitOrder,
  MakerTraits,
  Address as OneInchAddress,
} from "@1inch/limit-order-sdk";
import { LIMIT_ORDER_PROTOCOL_DOMAIN, limitOrderProtocolAbi, USDC } from "@compass/constants";
import {
  type Address,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  type Hex,
  hashDomain,
  maxUint256,
  pad,
  parseAbi,
  parseEventLogs,
  parseUnits,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";
import { loadLimitOrderProtocolArtifact, lopSourceHash } from "../src/equity/lop-compile.ts";
import type { DevnetHandle } from "../src/index.ts";
import { minedReceipt } from "../src/receipt.ts";
import { SAFE_CONTRACTS } from "../src/safe.ts";
import { DEVNET_EQUITIES, EQUITIES_T0, equitySeed } from "../src/tokenized/equities.ts";
import { seededPrice } from "../src/tokenized/price-model.ts";
import { inRegularSession } from "../src/twins/fusion-relay/session.ts";
import { clients, dev, devnetForFile } from "./helpers.ts";

let devnet: DevnetHandle;
let relay: { url: string; apiKey: string };
const usdc = USDC.ethereum!.address;
const safeAbi = parseAbi([
  "function setup(address[] _owners, uint256 _threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)",
  "function createProxyWithNonce(address _singleton, bytes initializer, uint256 saltNonce) returns (address proxy)",
  "event ProxyCreation(address indexed proxy, address singleton)",
  "function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool)",
]);

devnetForFile(
  "fusion-relay",
  5800,
  {
    chains: ["ethereum"],
    earn: false,
    twins: ["equity_relay"],
    timeoutMs: 180_000,
    // EQUITY_RELAY_LOG=<file> keeps the twin's log
    afterStop: (dir) => {
      if (process.env.EQUITY_RELAY_LOG)
        copyFileSync(`${dir}/logs/twin-equity_relay.log`, process.env.EQUITY_RELAY_LOG);
    },
  },
  (d) => {
    devnet = d;
    relay = devnet.addressBook.twins.equity_relay as typeof relay;
  },
);

const chain = () => clients(devnet, "ethereum");
const lop = () => devnet.addressBook.chains.ethereum!.contracts.LimitOrderProtocol as Address;
const token = (symbol: string) => devnet.addressBook.tokens!.ethereum![symbol]!.address as Address;
const owner = () => privateKeyToAccount(dev(devnet, 4).privateKey);
const balanceOf = (t: Address, who: Address) =>
  chain().public.readContract({ address: t, abi: erc20Abi, functionName: "balanceOf", args: [who] });
const now = async () => Number((await chain().public.getBlock()).timestamp);

async function send(to: Address, data: Hex) {
  const c = chain();
  const hash = await c.wallet.sendTransaction({ account: owner(), chain: c.chain, to, data });
  const receipt = await minedReceipt(c.public, hash);
  expect(receipt.status).toBe("success");
  return receipt;
}

/** A 1-of-1 Safe v1.4.1 of the owner with the compatibility fallback handler (as product accounts are). */
async function createSafe(): Promise<Address> {
  const initializer = encodeFunctionData({
    abi: safeAbi,
    functionName: "setup",
    args: [
      [owner().address],
      1n,
      zeroAddress,
      "0x",
      SAFE_CONTRACTS.CompatibilityFallbackHandler.address,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  });
  const data = encodeFunctionData({
    abi: safeAbi,
    functionName: "createProxyWithNonce",
    args: [SAFE_CONTRACTS.SafeL2.address, initializer, 77n],
  });
  const receipt = await send(SAFE_CONTRACTS.SafeProxyFactory.address, data);
  const [created] = parseEventLogs({ abi: safeAbi, eventName: "ProxyCreation", logs: receipt.logs });
  return created!.args.proxy;
}

/** The owner executes a call from its Safe (pre-validated signature: the sender is the owner). */
async function execFromSafe(safe: Address, to: Address, data: Hex) {
  const signature = encodePacked(["bytes32", "bytes32", "uint8"], [pad(owner().address), pad("0x0"), 1]);
  const exec = encodeFunctionData({
    abi: safeAbi,
    functionName: "execTransaction",
    args: [to, 0n, data, 0, 0n, 0n, 0n, zeroAddress, zeroAddress, signature],
  });
  return send(safe, exec);
}

const signSafeMessage = (safe: Address, hash: Hex) =>
  owner().signTypedData({
    domain: { chainId: 1, verifyingContract: safe },
    types: { SafeMessage: [{ name: "message", type: "bytes" }] },
    primaryType: "SafeMessage",
    message: { message: hash },
  });

async function call(method: "GET" | "POST", path: string, body?: unknown) {
  const res = await fetch(`${relay.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${relay.apiKey}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Moves devnet time to 10:30 New York on the next regular session (or leaves it inside one). */
async function intoSession() {
  const t = await now();
  if (inRegularSession(t) && inRegularSession(t + 3 * 3600)) return;
  let target = t;
  while (
    !(inRegularSession(target) && inRegularSession(target - 3600) && inRegularSession(target + 3 * 3600))
  )
    target += 900;
  await devnet.advanceTime(target - t);
}

async function quote(safe: Address, from: Address, to: Address, amount: bigint) {
  const q = await call(
    "GET",
    `/quoter/v2.0/1/quote/receive?fromTokenAddress=${from}&toTokenAddress=${to}&amount=${amount}&walletAddress=${safe}`,
  );
  expect(q.status, JSON.stringify(q.body)).toBe(200);
  return q.body as {
    quoteId: string;
    toTokenAmount: string;
    presets: { fast: { auctionEndAmount: string } };
  };
}

/** An order built and hashed with 1inch's own SDK, for the protocol deployed on the devnet. */
async function buildOrder(safe: Address, from: Address, to: Address, making: bigint, taking: bigint) {
  const traits = MakerTraits.default()
    .allowPartialFills()
    .allowMultipleFills()
    .withExpiration(BigInt((await now()) + 3600));
  const order = new LimitOrder(
    {
      makerAsset: new OneInchAddress(from),
      takerAsset: new OneInchAddress(to),
      makingAmount: making,
      takingAmount: taking,
      maker: new OneInchAddress(safe),
    },
    traits,
  );
  const struct = order.build();
  const hash = getOrderHash(
    buildOrderTypedData(
      1,
      lop(),
      LIMIT_ORDER_PROTOCOL_DOMAIN.name,
      LIMIT_ORDER_PROTOCOL_DOMAIN.version,
      struct,
    ),
  ) as Hex;
  return { order, struct, hash, extension: order.extension.encode() };
}

/** The relayer's submit, in its wire shape. */
const submit = (order: object, signature: Hex, quoteId: string, extension: string) =>
  call("POST", "/relayer/v2.0/1/order/submit", { order, signature, quoteId, extension });

async function waitFor(hash: Hex, done: (status: string) => boolean) {
  for (let i = 0; i < 100; i++) {
    const s = await call("GET", `/orders/v2.0/1/order/status/${hash}`);
    if (done(s.body.status)) return s.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`order ${hash} never reached the expected status`);
}

describe("1inch Limit Order Protocol v4 on the devnet", () => {
  it("default: the deployed code is the build of the published sources, named as the spec says", async () => {
    const artifact = loadLimitOrderProtocolArtifact();
    expect(artifact.sourceHash, "run `npm run compile-lop -w @compass/devnet`").toBe(lopSourceHash());
    // the runtime differs from the artifact's only in its immutables (WETH, the domain's cached values)
    const code = await chain().public.getCode({ address: lop() });
    expect(code!.length).toBe(artifact.deployedBytecode.length);
    const separator = await chain().public.readContract({
      address: lop(),
      abi: limitOrderProtocolAbi,
      functionName: "DOMAIN_SEPARATOR",
    });
    expect(separator).toBe(
      hashDomain({
        domain: { ...LIMIT_ORDER_PROTOCOL_DOMAIN, chainId: 1n, verifyingContract: lop() },
        types: {
          EIP712Domain: [
            { name: "name", type: "string" },
            { name: "version", type: "string" },
            { name: "chainId", type: "uint256" },
            { name: "verifyingContract", type: "address" },
          ],
        },
      }),
    );
    for (const entry of limitOrderProtocolAbi)
      expect(artifact.abi, `constants' ABI entry ${"name" in entry ? entry.name : ""}`).toContainEqual(entry);
  });
});

describe("equity relay twin", () => {
  let safe: Address;
  beforeAll(async () => {
    safe = await createSafe();
    await send(
      usdc,
      encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [safe, parseUnits("5000", 6)] }),
    );
    await execFromSafe(
      safe,
      usdc,
      encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [lop(), maxUint256] }),
    );
    await intoSession();
  }, 120_000);

  it("behavior: rejects unknown parameters and a bad signature; fills a buy in steps, settling into the Safe", async () => {
    const tsla = token("TSLAon");
    const unknown = await call(
      "GET",
      `/quoter/v2.0/1/quote/receive?fromTokenAddress=${usdc}&toTokenAddress=${tsla}&amount=1&walletAddress=${safe}&slippage=1`,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.description).toMatch(/slippage/);

    const making = parseUnits("1000", 6);
    const q = await quote(safe, usdc, tsla, making);
    const taking = (BigInt(q.presets.fast.auctionEndAmount) * 98n) / 100n;
    const { struct, hash, extension } = await buildOrder(safe, usdc, tsla, making, taking);
    const onChain = await chain().public.readContract({
      address: lop(),
      abi: limitOrderProtocolAbi,
      functionName: "hashOrder",
      args: [Object.fromEntries(Object.entries(struct).map(([k, v]) => [k, BigInt(v)])) as never],
    });
    expect(onChain).toBe(hash);

    const forged = await privateKeyToAccount(dev(devnet, 5).privateKey).signTypedData({
      domain: { chainId: 1, verifyingContract: safe },
      types: { SafeMessage: [{ name: "message", type: "bytes" }] },
      primaryType: "SafeMessage",
      message: { message: hash },
    });
    const bad = await submit(struct, forged, q.quoteId, extension);
    expect(bad.status).toBe(400);
    expect(bad.body.description).toMatch(/signature/i);

    const usdcBefore = await balanceOf(usdc, safe);
    const signature = await signSafeMessage(safe, hash);
    const ok = await submit(struct, signature, q.quoteId, extension);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const reused = await submit(struct, signature, q.quoteId, extension);
    expect(reused.status).toBe(409);

    const done = await waitFor(hash, (s) => s === "filled");
    expect(done.fills).toHaveLength(2);
    const got = done.fills.reduce(
      (s: bigint, f: { filledAuctionTakerAmount: string }) => s + BigInt(f.filledAuctionTakerAmount),
      0n,
    );
    expect(await balanceOf(tsla, safe)).toBe(got);
    expect(got).toBeGreaterThanOrEqual(taking);
    expect(usdcBefore - (await balanceOf(usdc, safe))).toBe(making);
    const receipt = await chain().public.getTransactionReceipt({ hash: done.fills[1].txHash });
    expect(receipt.to?.toLowerCase()).toBe(lop().toLowerCase());
  }, 60_000);

  it("parameters: prices from its own seeded model — spot, lines and candles; unknown parameters refused", async () => {
    const tsla = token("TSLAon");
    const t = await now();
    const spot = await call("GET", `/price/v1.1/1/${tsla},${usdc}?currency=USD`);
    expect(spot.status).toBe(200);
    expect(spot.body[usdc.toLowerCase()]).toBe("1");
    const equity = DEVNET_EQUITIES.find((e) => e.asset.symbol === "TSLAon")!;
    const model = (at: number) =>
      Number(
        seededPrice(
          {
            seed: equitySeed("TSLAon"),
            p0: parseUnits(equity.p0, 18),
            t0: EQUITIES_T0,
            apyBps: equity.apyBps,
            volBps: equity.volBps,
          },
          at,
        ),
      ) / 1e18;
    expect(Number(spot.body[tsla.toLowerCase()])).toBeCloseTo(model(t), 0);
    expect((await call("GET", `/price/v1.1/1/${tsla}?currency=USD&x=1`)).status).toBe(400);
    const line = await call("GET", `/charts/v1.0/chart/line/${tsla}/${usdc}/24H/1`);
    expect(line.body.data.length).toBeGreaterThanOrEqual(25);
    const candles = await call(
      "GET",
      `/charts/v1.0/chart/aggregated/candle/${tsla}/${usdc}/3600/1?from=${t - 86_400}&to=${t}`,
    );
    expect(candles.status).toBe(200);
    for (const c of candles.body.data) expect(Number(c.high)).toBeGreaterThanOrEqual(Number(c.low));
  });

  it("behavior: an order cancelled on chain is never filled; an expired quote is 410", async () => {
    const aapl = token("AAPLon");
    const making = parseUnits("500", 6);
    const q = await quote(safe, usdc, aapl, making);
    // a limit no market maker takes: the order stays open until the maker cancels it
    const taking = BigInt(q.toTokenAmount);
    const { struct, hash, extension } = await buildOrder(safe, usdc, aapl, making, taking);
    const signature = await signSafeMessage(safe, hash);
    const ok = await submit(struct, signature, q.quoteId, extension);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    await execFromSafe(
      safe,
      lop(),
      encodeFunctionData({
        abi: limitOrderProtocolAbi,
        functionName: "cancelOrder",
        args: [BigInt(struct.makerTraits), hash],
      }),
    );
    const cancelled = await waitFor(hash, (s) => s !== "pending");
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.fills).toHaveLength(0);
    expect(await balanceOf(aapl, safe)).toBe(0n);

    const stale = await quote(safe, usdc, aapl, making);
    await devnet.advanceTime(130);
    const late = await buildOrder(safe, usdc, aapl, making, BigInt(stale.presets.fast.auctionEndAmount));
    const expired = await submit(
      late.struct,
      await signSafeMessage(safe, late.hash),
      stale.quoteId,
      late.extension,
    );
    expect(expired.status).toBe(410);
  }, 60_000);
});
