import { fundShareTokenAbi, midasDataFeedAbi, PERMIT2, permit2Abi } from "@compass/constants";
import { type Address, type BaseError, encodeAbiParameters, erc20Abi, keccak256, maxUint256 } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { type DevnetHandle, roleAccount } from "../src/index.ts";
import { minedReceipt } from "../src/receipt.ts";
import { DEVNET_MARKETS, MARKETS_T0, marketSeed } from "../src/tokenized/markets.ts";
import { clients, dev, devnetForFile } from "./helpers.ts";

let devnet: DevnetHandle;
devnetForFile(
  "tokenized",
  5000,
  { chains: ["ethereum", "base", "ethereum_sepolia"], earn: false, twins: [] },
  (d) => {
    devnet = d;
  },
);

const tokenOf = (chain: string, symbol: string) =>
  devnet.addressBook.tokens![chain]![symbol]!.address as Address;
/**
 * contracts/rwa/PriceModel.sol's price, recomputed step by step from its definition (bigint division truncates
 * toward zero like Solidity's): simple-interest accrual times four octaves of interpolated hashed knots.
 */
function modelPrice(
  p: { seed: bigint; p0: bigint; t0: bigint; apyBps: number; volBps: number },
  t: bigint,
): bigint {
  const ONE = 10n ** 18n;
  const dt = t > p.t0 ? t - p.t0 : 0n;
  const accrued = (p.p0 * (ONE + (BigInt(p.apyBps) * dt * ONE) / (10_000n * 365n * 86_400n))) / ONE;
  const uint = { type: "uint256" } as const;
  const knot = (octave: bigint, k: bigint) =>
    (BigInt(keccak256(encodeAbiParameters([uint, uint, uint], [p.seed, octave, k]))) % (2n * ONE + 1n)) - ONE;
  const octaves: [bigint, bigint][] = [
    [604_800n, 10_000n],
    [86_400n, 4_000n],
    [3_600n, 1_200n],
    [300n, 300n],
  ];
  let noise = 0n;
  octaves.forEach(([period, weight], o) => {
    const k = dt / period;
    const [a, b] = [knot(BigInt(o), k), knot(BigInt(o), k + 1n)];
    noise += ((a + ((b - a) * (dt % period)) / period) * weight) / 10_000n;
  });
  return (accrued * (ONE + (noise * BigInt(p.volBps)) / 10_000n)) / ONE;
}

const revertName = (e: unknown): string =>
  ((e as BaseError).walk((x: any) => x?.data?.errorName) as any)?.data?.errorName ?? (e as Error).message;

describe("Midas rate feeds", () => {
  it("publish each market's devnet parameters and price by PriceModel's formula, at any time", async () => {
    const c = clients(devnet, "ethereum");
    const now = (await c.public.getBlock()).timestamp;
    const midas = DEVNET_MARKETS.filter(
      (m) => m.asset.provider === "midas" && m.asset.chains.includes("ethereum"),
    );
    expect(midas.length).toBe(3);
    for (const m of midas) {
      const feed = devnet.addressBook.chains.ethereum!.contracts[
        `MidasDataFeed_${m.asset.symbol}`
      ] as Address;
      const p = await c.public.readContract({ address: feed, abi: midasDataFeedAbi, functionName: "params" });
      expect(p).toMatchObject({
        seed: marketSeed(m.asset.symbol),
        t0: BigInt(MARKETS_T0),
        apyBps: m.apyBps,
        volBps: m.volBps,
      });
      for (const t of [
        BigInt(MARKETS_T0),
        BigInt(MARKETS_T0) + 299n,
        now - 86_400n * 200n,
        now,
        now + 86_400n * 9n,
      ]) {
        const onChain = await c.public.readContract({
          address: feed,
          abi: midasDataFeedAbi,
          functionName: "rateAt",
          args: [t],
        });
        expect(onChain, `${m.asset.symbol} at ${t}`).toBe(modelPrice(p, t));
      }
    }
  });
});

describe("sandbox fund token", () => {
  it("is named as a no-value sandbox token, minted only by the issuer, held only by allow-listed accounts", async () => {
    const c = clients(devnet, "ethereum_sepolia");
    const token = tokenOf("ethereum_sepolia", "SBGOV");
    expect(
      await c.public.readContract({ address: token, abi: fundShareTokenAbi, functionName: "name" }),
    ).toMatch(/no economic value/);
    expect(
      await c.public.readContract({ address: token, abi: fundShareTokenAbi, functionName: "NOTICE" }),
    ).toMatch(/no economic value/);
    const someone = dev(devnet, 6).address;
    const notIssuer = await c.public
      .simulateContract({
        account: someone,
        address: token,
        abi: fundShareTokenAbi,
        functionName: "mint",
        args: [someone, 1n],
      })
      .catch((e) => e);
    expect(revertName(notIssuer)).toBe("NotIssuer");
    const notAllowed = await c.public
      .simulateContract({
        account: roleAccount("fund_issuer").address,
        address: token,
        abi: fundShareTokenAbi,
        functionName: "mint",
        args: [someone, 1n],
      })
      .catch((e) => e);
    expect(revertName(notAllowed)).toBe("NotAllowListed");
  });
});

describe("Permit2 twin", () => {
  it("honours a PermitTransferFrom signed for the canonical Permit2 exactly once", async () => {
    const c = clients(devnet, "ethereum");
    const owner = privateKeyToAccount(dev(devnet, 7).privateKey);
    const spender = dev(devnet, 8).address;
    const usdc = devnet.addressBook.chains.ethereum!.contracts.USDC!;
    await minedReceipt(
      c.public,
      await c.wallet.writeContract({
        account: owner,
        chain: c.chain,
        address: usdc,
        abi: erc20Abi,
        functionName: "approve",
        args: [PERMIT2, maxUint256],
      }),
    );
    const permit = { permitted: { token: usdc, amount: 5_000_000n }, nonce: 77n, deadline: 2n ** 40n };
    const signature = await owner.signTypedData({
      domain: { name: "Permit2", chainId: 1, verifyingContract: PERMIT2 },
      types: {
        PermitTransferFrom: [
          { name: "permitted", type: "TokenPermissions" },
          { name: "spender", type: "address" },
          { name: "nonce", type: "uint256" },
          { name: "deadline", type: "uint256" },
        ],
        TokenPermissions: [
          { name: "token", type: "address" },
          { name: "amount", type: "uint256" },
        ],
      },
      primaryType: "PermitTransferFrom",
      message: { ...permit, spender },
    });
    const recipient = dev(devnet, 9).address;
    const args = [permit, { to: recipient, requestedAmount: 5_000_000n }, owner.address, signature] as const;
    const wrongCaller = await c.public
      .simulateContract({
        account: dev(devnet, 6).address,
        address: PERMIT2,
        abi: permit2Abi,
        functionName: "permitTransferFrom",
        args,
      })
      .catch((e) => e);
    expect(revertName(wrongCaller)).toBe("InvalidSigner");
    const before = await c.public.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [recipient],
    });
    await minedReceipt(
      c.public,
      await c.wallet.writeContract({
        account: spender,
        chain: c.chain,
        address: PERMIT2,
        abi: permit2Abi,
        functionName: "permitTransferFrom",
        args,
      }),
    );
    expect(
      await c.public.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [recipient],
      }),
    ).toBe(before + 5_000_000n);
    const replay = await c.public
      .simulateContract({
        account: spender,
        address: PERMIT2,
        abi: permit2Abi,
        functionName: "permitTransferFrom",
        args,
      })
      .catch((e) => e);
    expect(revertName(replay)).toBe("InvalidNonce");
  });
});
