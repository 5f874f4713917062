import { type Address, erc20Abi, type Hex, parseUnits, zeroHash } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadArtifact } from "../src/contracts/artifacts.ts";
import { type DevnetHandle, startDevnet } from "../src/index.ts";
import { minedReceipt } from "../src/receipt.ts";
import { CENTRIFUGE_VAULT, MIDAS_VAULTS } from "../src/tokenized/issuer-vaults.ts";
import { clients, dev, tempDir } from "./helpers.ts";

// COMPASS_UNIT_PORT_BASE moves every devnet test, so parallel checkouts never collide.
const PORT_BASE = Number(process.env.COMPASS_UNIT_PORT_BASE ?? 28545) + 5900;
const dir = tempDir("devnet-issuer-vaults");
let devnet: DevnetHandle;

beforeAll(async () => {
  devnet = await startDevnet({
    earn: false,
    dir: dir.path,
    portBase: PORT_BASE,
    chains: ["ethereum", "base"],
    twins: [],
  });
}, 180_000);
afterAll(async () => {
  await devnet?.stop();
  dir.remove();
});

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
  abi: any,
  functionName: string,
  args: unknown[],
) {
  const c = clients(devnet, chain);
  const hash: Hex = await c.wallet.writeContract({
    account: privateKeyToAccount(dev(devnet, from).privateKey),
    chain: c.chain,
    address: to,
    abi,
    functionName,
    args,
  } as any);
  const receipt = await minedReceipt(c.public, hash);
  expect(receipt.status).toBe("success");
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
});
