import {
  addressBook,
  advanceDevnet,
  chainClient,
  fundedEarnAccount,
  getJson,
  postJson,
  sendAsRole,
  sendUnsigned,
  testEnv,
  usdcBalance,
} from "@compass/testkit/live";
import { type Address, parseAbi, parseUnits, zeroAddress } from "viem";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * The devnet's Euler-ABI vault (EulerVaultUSDC, a twin of the Euler Vault Kit's interface): listed as EULER
 * from its factory's ProxyCreated event with EVK's own views, managed by address through `manage` — a
 * deposit raises its cash, a day of the borrowers' interest shows in `positions`, the withdrawal realises it.
 */
const { url } = testEnv();
const CHAIN = "arbitrum";
const DEV = 9;
const owner = addressBook().accounts.dev[DEV]!.address;
const vault = () => addressBook().chains[CHAIN]!.contracts.EulerVaultUSDC as Address;
const evk = parseAbi([
  "function cash() view returns (uint256)",
  "function totalBorrows() view returns (uint256)",
  "function balanceOf(address) view returns (uint256)",
]);
const read = (functionName: "cash" | "totalBorrows") =>
  chainClient(CHAIN).readContract({ address: vault(), abi: evk, functionName });
let account: Address;

/** The vault's governor (the devnet's deployer role) sets EVK's caps or hook config. */
const govern = (functionName: "setCaps" | "setHookConfig", args: readonly unknown[]) =>
  sendAsRole(CHAIN, "deployer", {
    address: vault(),
    abi: parseAbi([
      "function setCaps(uint16 supplyCap, uint16 borrowCap)",
      "function setHookConfig(address newHookTarget, uint32 newHookedOps)",
    ]),
    functionName,
    args,
  });

/** `manage` on the vault for the dev account's Earn Account */
const manage = (action: "DEPOSIT" | "WITHDRAW", amount: string) =>
  postJson("/v2/earn/manage", {
    owner,
    chain: CHAIN,
    venue: { type: "VAULT", vault_address: vault() },
    action,
    amount,
  });

/** the vault as `GET /v2/earn/vaults` lists it */
const listed = async () => {
  const r = await getJson(`${url}/v2/earn/vaults?order_by=tvl_usd&chain=${CHAIN}&limit=100`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.vaults.find((x: { vault_address: string }) => x.vault_address === vault());
};

beforeAll(async () => {
  account = await fundedEarnAccount(DEV, CHAIN, owner, "500");
});

describe("earn: Euler-ABI vault", () => {
  test("default: the vault list reads it as EULER: no curator, TVL its cash and loans, liquidity its cash", async () => {
    const v = await listed();
    expect(v).toMatchObject({
      protocol: "EULER",
      owner: zeroAddress,
      name: "EVK Vault eUSDC-1",
      symbol: "eUSDC-1",
      asset_symbol: "USDC",
      markets: [],
    });
    const [cash, borrows] = [await read("cash"), await read("totalBorrows")];
    // read for the next block: a second more of interest than the test's read
    expect(Number(v.tvl_usd)).toBeCloseTo(Number(cash + borrows) / 1e6, 0);
    expect(Number(v.liquidity_usd)).toBeCloseTo(Number(cash) / 1e6, 2);
    // 10M supply cap less what it holds
    expect(Number(v.deposit_cap)).toBeCloseTo(10_000_000 - Number(cash + borrows) / 1e6, 0);
  });

  test("default: deposit → a day of borrowers' interest in positions → withdraw, profit realised FIFO", async () => {
    const cashBefore = await read("cash");
    const usdc = await usdcBalance(CHAIN, account);
    const deposit = await manage("DEPOSIT", "400");
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, deposit.body.transaction);
    expect(await read("cash")).toBe(cashBefore + parseUnits("400", 6));
    expect(await usdcBalance(CHAIN, account)).toBe(usdc - parseUnits("400", 6));

    await advanceDevnet(86_400);
    const positions = async () => {
      const r = await getJson(`${url}/v2/earn/positions?chain=${CHAIN}&owner=${owner}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.vaults.find((p: { vault_address: string }) => p.vault_address === vault());
    };
    let p = await positions();
    expect(p.vault_name).toBe("EVK Vault eUSDC-1");
    expect(Number(p.pnl.unrealized_pnl)).toBeGreaterThan(0);

    const held = await usdcBalance(CHAIN, account);
    const withdraw = await manage("WITHDRAW", "200");
    expect(withdraw.status, JSON.stringify(withdraw.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, withdraw.body.transaction);
    expect(await usdcBalance(CHAIN, account)).toBe(held + parseUnits("200", 6));
    p = await positions();
    expect(Number(p.withdrawals.at(-1).realized_pnl)).toBeGreaterThan(0);
  });

  test("behavior: without a supply cap there is no deposit cap; deposits disabled by the governor are a cap of 0 and a 422", async () => {
    const [supplyCap, borrowCap] = await chainClient(CHAIN).readContract({
      address: vault(),
      abi: parseAbi(["function caps() view returns (uint16 supplyCap, uint16 borrowCap)"]),
      functionName: "caps",
    });
    // EVK answers a finite maxDeposit without a cap (what its uint112 cash can take): no cap all the same
    await govern("setCaps", [0, borrowCap]);
    try {
      const v = await listed();
      expect(v.deposit_cap).toBeUndefined();
      expect(v.deposit_cap_usd).toBeUndefined();
    } finally {
      await govern("setCaps", [supplyCap, borrowCap]);
    }
    expect(Number((await listed()).deposit_cap)).toBeGreaterThan(0);
    // EVK's hook config without a target disables the hooked operations: here deposits (OP_DEPOSIT)
    await govern("setHookConfig", [zeroAddress, 1]);
    try {
      expect((await listed()).deposit_cap).toBe("0");
      const r = await manage("DEPOSIT", "1");
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expect(r.body.detail[0].msg).toMatch(/accepts no deposits now/);
    } finally {
      await govern("setHookConfig", [zeroAddress, 0]);
    }
  });

  test("behavior: a withdrawal beyond the vault's cash is a 422 naming the vault's limit", async () => {
    const cash = await read("cash");
    const r = await manage("WITHDRAW", String(Number(cash) / 1e6 + 1));
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", "amount"]);
  });
});
