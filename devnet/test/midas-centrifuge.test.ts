import { type Address, erc20Abi, parseUnits, zeroHash } from "viem";
import { describe, expect, it } from "vitest";
import { loadArtifact } from "../src/contracts/artifacts.ts";
import type { DevnetHandle } from "../src/index.ts";
import { CENTRIFUGE_VAULT, MIDAS_VAULTS } from "../src/tokenized/issuer-vaults.ts";
import { clients, dev, devnetForFile, devWrite } from "./helpers.ts";

let devnet: DevnetHandle;
devnetForFile(
  "midas-centrifuge",
  5900,
  { chains: ["ethereum", "base"], earn: false, twins: ["issuers"], timeoutMs: 180_000 },
  (d) => {
    devnet = d;
  },
);

const dv = loadArtifact("MidasDepositVaultTwin").abi;
const cfg = loadArtifact("CentrifugeAsyncVaultTwin").abi;
const contract = (chain: string, name: string) =>
  devnet.addressBook.chains[chain]!.contracts[name] as Address;
const token = (chain: string, symbol: string) =>
  devnet.addressBook.tokens![chain]![symbol]!.address as Address;

async function write(
  chain: "ethereum" | "base",
  from: number,
  to: Address,
  abi: unknown,
  functionName: string,
  args: unknown[],
) {
  expect((await devWrite(devnet, chain, from, to, abi, functionName, args)).status).toBe("success");
}

describe("issuer vaults on the devnet", () => {
  it("deploys and stocks a Midas deposit and redemption vault per mToken, USDC as their stable payment token", async () => {
    for (const chain of ["ethereum", "base"] as const) {
      const pub = clients(devnet, chain).public;
      const usdc = token(chain, "USDC");
      for (const symbol of chain === "ethereum" ? ["mTBILL", "mBASIS", "mBTC"] : ["mTBILL", "mBASIS"]) {
        const vault = contract(chain, `MidasDepositVault_${symbol}`);
        const [, , , stable] = (await pub.readContract({
          address: vault,
          abi: dv,
          functionName: "tokensConfig",
          args: [usdc],
        } as any)) as any[];
        expect(stable).toBe(true);
        const float = await pub.readContract({
          address: token(chain, symbol),
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [vault],
        });
        expect(float).toBe(parseUnits(MIDAS_VAULTS[symbol]!.float, 18));
        const rv = contract(chain, `MidasRedemptionVault_${symbol}`);
        expect(
          await pub.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [rv] }),
        ).toBeGreaterThan(0n);
      }
      const vault = contract(chain, "CentrifugeVault_deSPXA");
      expect(
        await pub.readContract({
          address: token(chain, "deSPXA"),
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [vault],
        }),
      ).toBe(parseUnits(CENTRIFUGE_VAULT.float, 18));
    }
  });

  it("a dev account buys mTBILL instantly through the deposit vault", async () => {
    const pub = clients(devnet, "ethereum").public;
    const who = dev(devnet, 2).address;
    const vault = contract("ethereum", "MidasDepositVault_mTBILL");
    await write("ethereum", 2, token("ethereum", "USDC"), erc20Abi, "approve", [
      vault,
      parseUnits("1000", 6),
    ]);
    await write("ethereum", 2, vault, dv, "depositInstant", [
      token("ethereum", "USDC"),
      parseUnits("1000", 18),
      0n,
      zeroHash,
    ]);
    const got = await pub.readContract({
      address: token("ethereum", "mTBILL"),
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [who],
    });
    const block = await pub.getBlock();
    const rate = (await pub.readContract({
      address: contract("ethereum", "MidasDataFeed_mTBILL"),
      abi: loadArtifact("MidasDataFeedTwin").abi,
      functionName: "rateAt",
      args: [block.timestamp],
    } as any)) as bigint;
    // 1000 USDC less the 5 bps instant fee, at the feed's rate (the seeded model's NAV) in the block it was mined
    expect(got).toBe(((parseUnits("1000", 18) - parseUnits("0.5", 18)) * 10n ** 18n) / rate);
  });

  it("a dev account requests a deSPXA deposit from the Centrifuge vault", async () => {
    const who = dev(devnet, 2).address;
    const vault = contract("base", "CentrifugeVault_deSPXA");
    await write("base", 2, token("base", "USDC"), erc20Abi, "approve", [vault, parseUnits("500", 6)]);
    await write("base", 2, vault, cfg, "requestDeposit", [parseUnits("500", 6), who, who]);
    const pending = await clients(devnet, "base").public.readContract({
      address: vault,
      abi: cfg,
      functionName: "pendingDepositRequest",
      args: [0n, who],
    } as any);
    expect(pending).toBe(parseUnits("500", 6));
  });

  const balance = (chain: "ethereum" | "base", symbol: string, who: Address) =>
    clients(devnet, chain).public.readContract({
      address: token(chain, symbol),
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [who],
    });
  const twin = () => devnet.addressBook.twins.issuers as { url: string; apiKey?: string };
  const tick = () =>
    fetch(`${twin().url}/_twin/tick`, { method: "POST", headers: { "x-api-key": twin().apiKey ?? "" } });

  it("the issuers twin approves a Midas redemption request once devnet time passes its processing delay", async () => {
    const who = dev(devnet, 2).address;
    const rv = contract("ethereum", "MidasRedemptionVault_mTBILL");
    const rvAbi = loadArtifact("MidasRedemptionVaultTwin").abi;
    const pub = clients(devnet, "ethereum").public;
    const shares = await balance("ethereum", "mTBILL", who);
    await write("ethereum", 2, token("ethereum", "mTBILL"), erc20Abi, "approve", [rv, shares]);
    await write("ethereum", 2, rv, rvAbi, "redeemRequest", [token("ethereum", "USDC"), shares]);
    const id =
      ((await pub.readContract({
        address: rv,
        abi: rvAbi,
        functionName: "currentRequestId",
      } as any)) as bigint) - 1n;
    expect((await tick()).status).toBe(200);
    const status = async () =>
      (
        (await pub.readContract({
          address: rv,
          abi: rvAbi,
          functionName: "redeemRequests",
          args: [id],
        } as any)) as any[]
      )[2];
    expect(await status()).toBe(0); // too early
    const usdcBefore = await balance("ethereum", "USDC", who);
    await devnet.advanceTime(3700); // ticks the twin
    expect(await status()).toBe(1);
    const [, , , amount, rate] = (await pub.readContract({
      address: rv,
      abi: rvAbi,
      functionName: "redeemRequests",
      args: [id],
    } as any)) as bigint[];
    expect((await balance("ethereum", "USDC", who)) - usdcBefore).toBe(
      (amount! * rate!) / 10n ** 18n / 10n ** 12n,
    );
  });

  it("the issuers twin fulfils a Centrifuge deposit request and, as the controller's operator, claims the shares into its account", async () => {
    const who = dev(devnet, 3).address;
    const vault = contract("base", "CentrifugeVault_deSPXA");
    await write("base", 3, vault, cfg, "setOperator", [devnet.addressBook.roles.fund_issuer.address, true]);
    await write("base", 3, token("base", "USDC"), erc20Abi, "approve", [vault, parseUnits("960", 6)]);
    await write("base", 3, vault, cfg, "requestDeposit", [parseUnits("960", 6), who, who]);
    await tick();
    expect(await balance("base", "deSPXA", who)).toBe(0n);
    await devnet.advanceTime(3700);
    const got = await balance("base", "deSPXA", who);
    expect(got).toBeGreaterThan(0n);
    const pub = clients(devnet, "base").public;
    expect(
      await pub.readContract({
        address: vault,
        abi: cfg,
        functionName: "pendingDepositRequest",
        args: [0n, who],
      } as any),
    ).toBe(0n);
    expect(
      await pub.readContract({ address: vault, abi: cfg, functionName: "maxMint", args: [who] } as any),
    ).toBe(0n);
  });
});
