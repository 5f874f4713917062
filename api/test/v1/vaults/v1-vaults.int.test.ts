import {
  approveAs,
  chainClient,
  devnetFixture,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
} from "@compass/testkit/live";
import { type Address, erc4626Abi, formatUnits, parseUnits } from "viem";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * The v1 ERC-4626 group on the devnet's plain vault (OpenZeppelin's ERC4626, paid yield by the activity
 * generator): the read checked against the vault's own views at the same block, its APYs against the share price
 * the vault's events show, and a deposit and withdrawals sent by a dev wallet, their effect read on chain.
 */
const { url } = testEnv();
const CHAIN = "ethereum";
const DEV = 4;
const { owner, contracts, token, balanceOf } = devnetFixture(CHAIN, DEV);
const vault = () => contracts().Erc4626VaultUSDC!;
const read = (query: string) => getJson(`${url}/v1/vaults/vault?chain=${CHAIN}&${query}`);
const view = (functionName: "totalAssets" | "totalSupply", blockNumber: bigint) =>
  chainClient(CHAIN).readContract({ address: vault(), abi: erc4626Abi, functionName, blockNumber });

const approve = (spender: Address, amount: bigint) => approveAs(DEV, CHAIN, token("USDC"), spender, amount);

beforeAll(async () => {
  await approve(vault(), 0n);
});

describe("v1 vaults", () => {
  test("default: a vault at a block is the vault's own views then; its APYs are the share price's growth", async () => {
    const head = await chainClient(CHAIN).getBlockNumber();
    const at = head - 5n;
    const r = await read(`vault_address=${vault()}&block=${at}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      symbol: expect.any(String),
      decimals: 6,
      underlying_token: { address: token("USDC"), symbol: "USDC", decimals: 6, name: expect.any(String) },
    });
    expect(r.body.total_assets).toBe(formatUnits(await view("totalAssets", at), 6));
    expect(r.body.total_supply).toBe(formatUnits(await view("totalSupply", at), 6));
    expect(r.body.user_position).toBeUndefined();
    // the activity pays the vault 4 % a year for the time elapsed: the share price has grown since its seeding
    expect(Number(r.body.share_price)).toBeGreaterThan(1);
    // at the head, the activity has paid the vault for all the time elapsed (a block just before its last
    // payment would show the price without it)
    const now = await read(`vault_address=${vault()}`);
    const apy30 = Number(now.body.apy.apy_30_day);
    expect(apy30).toBeGreaterThan(3);
    expect(apy30).toBeLessThan(5);
  });

  test("default: deposit, then withdraw part and ALL — each signed by the wallet, shares and USDC on chain", async () => {
    const amount = parseUnits("250", 6);
    // without the vault's allowance: refused before anything is signed, saying what to approve
    const refused = await postJson("/v1/vaults/deposit", {
      chain: CHAIN,
      sender: owner,
      vault_address: vault(),
      amount: "250",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0].loc).toEqual(["body", "amount"]);
    expect(refused.body.detail[0].msg).toMatch(/approve/);

    await approve(vault(), amount);
    const usdcBefore = await balanceOf(token("USDC"), owner);
    const dep = await postJson("/v1/vaults/deposit", {
      chain: CHAIN,
      sender: owner,
      vault_address: vault(),
      amount: "250",
    });
    expect(dep.status, JSON.stringify(dep.body)).toBe(200);
    const receipt = await sendUnsigned(DEV, CHAIN, dep.body.transaction);
    expect(await balanceOf(token("USDC"), owner)).toBe(usdcBefore - amount);
    const shares = await balanceOf(vault(), owner);
    expect(shares).toBeGreaterThan(0n);

    // the read with the user, at the deposit's block: its shares and what they redeem for
    const mine = await read(`vault_address=${vault()}&user_address=${owner}&block=${receipt.blockNumber}`);
    expect(mine.status).toBe(200);
    expect(mine.body.user_position.amount_of_shares).toBe(formatUnits(shares, 6));
    expect(Number(mine.body.user_position.amount_in_underlying_token)).toBeCloseTo(250, 3);

    const part = await postJson("/v1/vaults/withdraw", {
      chain: CHAIN,
      sender: owner,
      vault_address: vault(),
      amount: "100",
    });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, part.body.transaction);
    expect(await balanceOf(token("USDC"), owner)).toBe(usdcBefore - amount + parseUnits("100", 6));

    // more than the shares are worth: the vault's own limit, named
    const tooMuch = await postJson("/v1/vaults/withdraw", {
      chain: CHAIN,
      sender: owner,
      vault_address: vault(),
      amount: "1000",
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.detail[0].msg).toMatch(/at most/);

    const all = await postJson("/v1/vaults/withdraw", {
      chain: CHAIN,
      sender: owner,
      vault_address: vault(),
      amount: "ALL",
    });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, all.body.transaction);
    expect(await balanceOf(vault(), owner)).toBe(0n);
    // back within a few units of what went in (the vault rounds in its own favour)
    expect(usdcBefore - (await balanceOf(token("USDC"), owner))).toBeLessThan(5n);
  });

  test("error: a block before the vault, a future block, an address that is no vault", async () => {
    const before = await read(`vault_address=${vault()}&block=1`);
    expect(before.status).toBe(422);
    expect(before.body.detail[0]).toMatchObject({
      loc: ["query", "block"],
      msg: expect.stringMatching(/did not exist/),
    });
    const future = await read(`vault_address=${vault()}&block=999999999`);
    expect(future.status).toBe(422);
    expect(future.body.detail[0].msg).toMatch(/future/);
    const notVault = await read(`vault_address=${token("USDC")}`);
    expect(notVault.status).toBe(422);
    expect(notVault.body.detail[0].loc).toEqual(["query", "vault_address"]);
    const noShares = await postJson("/v1/vaults/withdraw", {
      chain: CHAIN,
      sender: owner,
      vault_address: vault(),
      amount: "ALL",
    });
    expect(noShares.status).toBe(422);
    expect(noShares.body.detail[0].msg).toMatch(/no shares/);
  });
});
