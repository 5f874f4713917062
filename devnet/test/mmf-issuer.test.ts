import { fundShareTokenAbi } from "@compass/constants";
import { type Address, erc20Abi, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import type { DevnetHandle } from "../src/index.ts";
import { minedReceipt } from "../src/receipt.ts";
import { cycleFor } from "../src/twins/mmf-issuer/cycles.ts";
import { navOn, sharesFor, usdcFor } from "../src/twins/mmf-issuer/nav.ts";
import { clients, dev, devnetForFile } from "./helpers.ts";

let devnet: DevnetHandle;
let issuer: { url: string; apiKey?: string };
devnetForFile("mmf-issuer", 5500, { chains: ["ethereum_sepolia"], twins: ["issuer"] }, (d) => {
  devnet = d;
  issuer = devnet.addressBook.twins.issuer as typeof issuer;
});

const api = async (path: string, init: { method?: string; body?: unknown; key?: boolean } = {}) => {
  const res = await fetch(`${issuer.url}${path}`, {
    method: init.method ?? "GET",
    headers: {
      "content-type": "application/json",
      ...(init.key !== false && { "x-api-key": issuer.apiKey! }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as any };
};
const chain = () => clients(devnet, "ethereum_sepolia");
const fundToken = () => devnet.addressBook.tokens!.ethereum_sepolia!.SBGOV!.address as Address;
const usdc = () => devnet.addressBook.chains.ethereum_sepolia!.contracts.USDC!;
const balanceOf = (token: Address, who: Address) =>
  chain().public.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [who] });
const now = async () => Number((await chain().public.getBlock()).timestamp);

async function transfer(from: number, token: Address, to: Address, amount: bigint) {
  const c = chain();
  const account = privateKeyToAccount(dev(devnet, from).privateKey);
  const hash = await c.wallet.writeContract({
    account,
    chain: c.chain,
    address: token,
    abi: erc20Abi,
    functionName: "transfer",
    args: [to, amount],
  });
  return minedReceipt(c.public, hash);
}

async function orders(who: Address) {
  await api("/_twin/tick", { method: "POST", body: {} });
  return (await api(`/v1/orders?account=${who}`)).body.orders as any[];
}

describe("connect portal", () => {
  it("registers, then approves an account, which allow-lists it on the share token", async () => {
    const who = dev(devnet, 1).address;
    expect((await api(`/v1/accounts/${who}`)).body).toMatchObject({
      status: "unregistered",
      whitelisted: false,
    });
    expect(
      (await api("/portal/api/register", { method: "POST", body: { account: who }, key: false })).body.status,
    ).toBe("pending");
    expect((await api(`/v1/accounts/${who}`)).body.whitelisted).toBe(false);
    await api("/portal/api/approve", { method: "POST", body: { account: who }, key: false });
    expect((await api(`/v1/accounts/${who}`)).body).toMatchObject({ status: "approved", whitelisted: true });
    const c = chain();
    expect(
      await c.public.readContract({
        address: fundToken(),
        abi: fundShareTokenAbi,
        functionName: "allowed",
        args: [who],
      }),
    ).toBe(true);
  });

  it("serves the portal page and refuses the distributor API without its key", async () => {
    const page = await fetch(`${issuer.url}/portal`);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toMatch(/no economic value/);
    expect((await api("/v1/funds/SBGOV", { key: false })).status).toBe(401);
  });
});

describe("NAV cycle", () => {
  it("mints a subscription's shares at its cycle's NAV, never before the cutoff", async () => {
    const who = dev(devnet, 1).address;
    const fund = (await api("/v1/funds/SBGOV")).body;
    const receipt = await transfer(1, usdc(), fund.deposit_address, parseUnits("250", 6));
    const placedAt = Number((await chain().public.getBlock({ blockNumber: receipt.blockNumber })).timestamp);
    const cycle = cycleFor(placedAt);
    const [order] = (await orders(who)).filter((o) => o.transaction_hash === receipt.transactionHash);
    expect(order).toMatchObject({
      kind: "subscription",
      status: "pending",
      cycle_date: cycle.date,
      expected_settlement_at: cycle.at,
    });

    await devnet.advanceTime(cycle.at - (await now()) - 30); // just before the cutoff
    expect(await balanceOf(fundToken(), who)).toBe(0n);
    await devnet.advanceTime(60); // past it: the cycle runs before advanceTime returns
    const shares = sharesFor(
      parseUnits("250", 6),
      navOn({ year: +cycle.date.slice(0, 4), month: +cycle.date.slice(5, 7), day: +cycle.date.slice(8) }),
    );
    expect(await balanceOf(fundToken(), who)).toBe(shares);
    const settled = (await orders(who)).find((o) => o.id === order.id);
    expect(settled).toMatchObject({ status: "settled", shares: String(Number(shares) / 1e6) });
  });

  it("pays a redemption in USDC at the next cycle and burns the shares", async () => {
    const who = dev(devnet, 1).address;
    const shares = await balanceOf(fundToken(), who);
    const usdcBefore = await balanceOf(usdc(), who);
    const fund = (await api("/v1/funds/SBGOV")).body;
    const receipt = await transfer(1, fundToken(), fund.redemption_address, shares / 2n);
    const [order] = (await orders(who)).filter((o) => o.transaction_hash === receipt.transactionHash);
    expect(order).toMatchObject({ kind: "redemption", status: "pending" });
    await devnet.advanceTime(order.expected_settlement_at - (await now()) + 5);
    const date = order.cycle_date as string;
    const nav = navOn({ year: +date.slice(0, 4), month: +date.slice(5, 7), day: +date.slice(8) });
    expect(await balanceOf(usdc(), who)).toBe(usdcBefore + usdcFor(shares / 2n, nav));
    const supply = await chain().public.readContract({
      address: fundToken(),
      abi: erc20Abi,
      functionName: "totalSupply",
    });
    expect(supply).toBe(shares - shares / 2n);
  });

  it("rejects and refunds USDC from a registered account that is not approved", async () => {
    const who = dev(devnet, 2).address;
    await api("/portal/api/register", { method: "POST", body: { account: who }, key: false });
    const fund = (await api("/v1/funds/SBGOV")).body;
    const before = await balanceOf(usdc(), who);
    const receipt = await transfer(2, usdc(), fund.deposit_address, parseUnits("10", 6));
    await orders(who); // the pass that records the order
    const [order] = (await orders(who)).filter((o) => o.transaction_hash === receipt.transactionHash);
    expect(order).toMatchObject({ status: "rejected", reason: expect.stringMatching(/not approved/) });
    expect(await balanceOf(usdc(), who)).toBe(before);
  });

  it("keeps registrations and orders across a restart", async () => {
    await devnet.stopTwin("issuer");
    await devnet.startTwin("issuer");
    const who = dev(devnet, 1).address;
    expect((await api(`/v1/accounts/${who}`)).body.whitelisted).toBe(true);
    expect((await orders(who)).map((o) => o.status)).toEqual(["settled", "settled"]);
  });
});
