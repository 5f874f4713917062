import { ixsVaultAbi, USDC } from "@compass/constants";
import { type Address, erc20Abi, parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import type { DevnetHandle } from "../src/index.ts";
import { IXS_VAULT } from "../src/tokenized/ixs-params.ts";
import { clients, dev, devnetForFile, devWrite } from "./helpers.ts";

let devnet: DevnetHandle;
let twin: { url: string; apiKey?: string };
devnetForFile("ixs", 5700, { chains: ["bsc"], earn: false, twins: ["ixs"] }, (d) => {
  devnet = d;
  twin = devnet.addressBook.twins.ixs as typeof twin;
});

const chain = () => clients(devnet, "bsc");
const vault = () => devnet.addressBook.tokens!.bsc![IXS_VAULT.handle]!.address as Address;
const usdc = USDC.bsc!.address;
const read = <T>(functionName: string, args: readonly unknown[] = []) =>
  chain().public.readContract({
    address: vault(),
    abi: ixsVaultAbi,
    functionName,
    args,
  } as any) as Promise<T>;
const balanceOf = (token: Address, who: Address) =>
  chain().public.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [who] });

const write = (from: number, to: Address, abi: unknown, fn: string, args: readonly unknown[]) =>
  devWrite(devnet, "bsc", from, to, abi, fn, args);
const tick = () =>
  fetch(`${twin.url}/_twin/tick`, {
    method: "POST",
    headers: { "x-api-key": twin.apiKey! },
    body: "{}",
  }).then((r) => r.json());

describe("the IXS managed vault", () => {
  it("is seeded by its manager and prices shares at the NAV model", async () => {
    expect(await read<bigint>("totalSupply")).toBeGreaterThan(0n);
    const nav = await read<bigint>("navPerShare");
    expect(nav).toBeGreaterThan(parseUnits("1", 18)); // accrued since 2024 at 6.5 % a year
    expect(nav).toBeLessThan(parseUnits("1.3", 18));
    const model = await read<{ apyBps: number }>("navModel");
    expect(model.apyBps).toBe(IXS_VAULT.apyBps);
    const assets = parseUnits("1000", 18);
    expect(await read<bigint>("convertToShares", [assets])).toBe((assets * 10n ** 18n) / nav);
  });

  it("deposits instantly, files a redemption request, and the manager finalises it after the delay", async () => {
    const who = dev(devnet, 3).address;
    const assets = parseUnits("5000", 18);
    await write(3, usdc, erc20Abi, "approve", [vault(), assets]);
    const usdcBefore = await balanceOf(usdc, who);
    expect((await write(3, vault(), ixsVaultAbi, "deposit", [assets, who])).status).toBe("success");
    const shares = await balanceOf(vault(), who);
    expect(shares).toBeGreaterThan(0n);
    expect(await balanceOf(usdc, who)).toBe(usdcBefore - assets);

    // synchronous exits are closed: the vault's assets are managed off chain
    expect(await read<bigint>("maxRedeem", [who])).toBe(0n);

    expect((await write(3, vault(), ixsVaultAbi, "requestRedeem", [shares, who, who])).status).toBe(
      "success",
    );
    const ids = await read<bigint[]>("requestIdsOf", [who]);
    const id = ids.at(-1)!;
    expect(await balanceOf(vault(), who)).toBe(0n);
    expect((await read<{ status: number }>("redemptionRequest", [id])).status).toBe(0);

    await tick(); // too early: stays pending
    expect((await read<{ status: number }>("redemptionRequest", [id])).status).toBe(0);

    await devnet.advanceTime(IXS_VAULT.processingSeconds + 60); // calls the twin's tick
    const request = await read<{ status: number; assetsPaid: bigint; processedAt: bigint }>(
      "redemptionRequest",
      [id],
    );
    expect(request.status).toBe(1);
    expect(request.processedAt).toBeGreaterThan(0n);
    // paid at the NAV of the moment less the 0.25 % exit fee: a little under what went in plus a day's accrual
    expect(request.assetsPaid).toBeGreaterThan((assets * 99n) / 100n);
    expect(request.assetsPaid).toBeLessThan(assets);
    expect(await balanceOf(usdc, who)).toBe(usdcBefore - assets + request.assetsPaid);
    expect(await read<bigint>("pendingShares")).toBe(0n);
  });

  it("a rejected request returns the shares to its controller", async () => {
    const who = dev(devnet, 5).address;
    const assets = parseUnits("200", 18);
    await write(5, usdc, erc20Abi, "approve", [vault(), assets]);
    await write(5, vault(), ixsVaultAbi, "deposit", [assets, who]);
    const shares = await balanceOf(vault(), who);
    await write(5, vault(), ixsVaultAbi, "requestRedeem", [shares, who, who]);
    const id = (await read<bigint[]>("requestIdsOf", [who])).at(-1)!;
    const res = await fetch(`${twin.url}/_twin/reject/${id}`, {
      method: "POST",
      headers: { "x-api-key": twin.apiKey! },
    });
    expect(res.status).toBe(200);
    const request = await read<{ status: number; assetsPaid: bigint }>("redemptionRequest", [id]);
    expect(request).toMatchObject({ status: 2, assetsPaid: 0n });
    expect(await balanceOf(vault(), who)).toBe(shares);
    // the manager never processes it again
    await devnet.advanceTime(IXS_VAULT.processingSeconds + 60);
    expect((await read<{ status: number }>("redemptionRequest", [id])).status).toBe(2);
    // and only the manager may settle requests
    await expect(write(5, vault(), ixsVaultAbi, "finalizeRedemption", [id])).rejects.toThrow(/NotManager/);
  });

  it("refuses deposits below the minimum and while paused", async () => {
    const who = dev(devnet, 4).address;
    await write(4, usdc, erc20Abi, "approve", [vault(), parseUnits("100", 18)]);
    await expect(write(4, vault(), ixsVaultAbi, "deposit", [parseUnits("1", 18), who])).rejects.toThrow(
      /BelowMinimum/,
    );
  });
});
