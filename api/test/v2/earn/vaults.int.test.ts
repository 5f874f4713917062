import { minedReceipt } from "@compass/devnet";
import {
  addressBook,
  chainClient,
  fundedEarnAccount,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
  usdcBalance,
} from "@compass/testkit/live";
import { devWallet } from "@compass/testkit/wallet";
import { type Address, erc20Abi, erc4626Abi } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * Any ERC-4626 vault, by address alone: a plain OpenZeppelin vault no registry lists. Deposit, yield (the
 * vault's assets grow), a withdrawal paying a performance fee from its realised profit — each asserted on
 * chain and in `positions`.
 */
const { url } = testEnv();
const CHAIN = "arbitrum";
const DEV = 8;
const owner = addressBook().accounts.dev[DEV]!.address;
const vault = () => addressBook().chains[CHAIN]!.contracts.Erc4626VaultUSDC as Address;
const usdc = () => addressBook().chains[CHAIN]!.contracts.USDC as Address;
let account: Address;

const post = postJson;

const shares = () =>
  chainClient(CHAIN).readContract({
    address: vault(),
    abi: erc4626Abi,
    functionName: "balanceOf",
    args: [account],
  });

const position = async () => {
  const r = await getJson(`${url}/v2/earn/positions?chain=${CHAIN}&owner=${owner}`);
  expect(r.status).toBe(200);
  return r.body.vaults.find((v: { vault_address: string }) => v.vault_address === vault());
};

beforeAll(async () => {
  account = await fundedEarnAccount(DEV, CHAIN, owner, "300");
});

describe("earn: any ERC-4626 vault by address", () => {
  test("default: deposit → yield → withdraw with a performance fee, PnL realised FIFO", async () => {
    const before = await usdcBalance(CHAIN, account);
    const deposit = await post("/v2/earn/manage", {
      owner,
      chain: CHAIN,
      venue: { type: "VAULT", vault_address: vault().toLowerCase() },
      action: "DEPOSIT",
      amount: "200",
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, deposit.body.transaction);
    expect(await usdcBalance(CHAIN, account)).toBe(before - 200_000_000n);
    expect(await shares()).toBeGreaterThan(0n);
    let p = await position();
    expect(p).toMatchObject({ type: "VAULT", underlying_symbol: "USDC", underlying_address: usdc() });
    expect(Number(p.balance)).toBeCloseTo(200, 4);
    expect(p.deposits.at(-1)).toMatchObject({ input_amount: "200", input_symbol: "USDC" });

    // yield: the vault's assets grow by 10% of its total (a donation, as interest paid in would)
    const client = chainClient(CHAIN);
    const total = await client.readContract({
      address: vault(),
      abi: erc4626Abi,
      functionName: "totalAssets",
    });
    const yieldPaid = total / 10n;
    const donor = devWallet(0, CHAIN);
    const hash = await donor.writeContract({
      address: usdc(),
      abi: erc20Abi,
      functionName: "transfer",
      args: [vault(), yieldPaid],
    });
    await minedReceipt(donor, hash);
    p = await position();
    expect(Number(p.pnl.unrealized_pnl)).toBeGreaterThan(19.9);
    // (no APY check here: a 10 % rise seconds after the vault's first event cannot be annualised, and the API
    // leaves it out; vault-list.int.test.ts checks the trailing APYs over a day)
    expect(Number(p.usd_value)).toBeCloseTo(Number(p.balance), 2);
    expect(Number(p.balance)).toBeGreaterThan(219.9);

    const feeRecipient = privateKeyToAccount(generatePrivateKey()).address;
    const withdraw = await post("/v2/earn/manage", {
      owner,
      chain: CHAIN,
      venue: { type: "VAULT", vault_address: vault() },
      action: "WITHDRAW",
      amount: "110",
      fee: { recipient: feeRecipient, amount: 10, denomination: "PERFORMANCE" },
    });
    expect(withdraw.status, JSON.stringify(withdraw.body)).toBe(200);
    const held = await usdcBalance(CHAIN, account);
    await sendUnsigned(DEV, CHAIN, withdraw.body.transaction);
    // 110 out of a position worth ~220 that cost 200: ~10 of profit realised, 10% of it is the fee
    const fee = await usdcBalance(CHAIN, feeRecipient);
    expect(Number(fee) / 1e6).toBeCloseTo(1, 1);
    expect(await usdcBalance(CHAIN, account)).toBe(held + 110_000_000n - fee);
    p = await position();
    expect(Number(p.withdrawals.at(-1).realized_pnl)).toBeCloseTo(10, 1);
    expect(Number(p.pnl.realized_pnl)).toBeCloseTo(10, 1);
    expect(Number(p.pnl.total_deposited)).toBe(200);

    const all = await getJson(`${url}/v2/earn/positions_all?owner=${owner}`);
    expect(all.status).toBe(200);
    expect(all.body.chains[CHAIN].vaults.map((v: { vault_address: string }) => v.vault_address)).toContain(
      vault(),
    );
    expect(all.body.chains.ethereum.vaults).toEqual([]);
  });

  test("behavior: more than the account holds, more than it can withdraw, a non-vault address — 422 naming the field", async () => {
    const base = { owner, chain: CHAIN, action: "DEPOSIT" };
    const tooMuch = await post("/v2/earn/manage", {
      ...base,
      venue: { type: "VAULT", vault_address: vault() },
      amount: "1000000",
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.detail[0].loc).toEqual(["body", "amount"]);
    const overdraw = await post("/v2/earn/manage", {
      ...base,
      action: "WITHDRAW",
      venue: { type: "VAULT", vault_address: vault() },
      amount: "1000000",
    });
    expect(overdraw.status).toBe(422);
    expect(overdraw.body.detail[0].msg).toMatch(/at most/);
    for (const notVault of [usdc(), privateKeyToAccount(generatePrivateKey()).address]) {
      const r = await post("/v2/earn/manage", {
        ...base,
        venue: { type: "VAULT", vault_address: notVault },
        amount: "1",
      });
      expect(r.status).toBe(422);
      expect(r.body.detail[0].loc).toEqual(["body", "venue", "vault_address"]);
      expect(r.body.detail[0].msg).toMatch(/ERC-4626/);
    }
    const fee = await post("/v2/earn/manage", {
      ...base,
      venue: { type: "VAULT", vault_address: vault() },
      amount: "1",
      fee: { recipient: owner, amount: 5, denomination: "PERFORMANCE" },
    });
    expect(fee.status).toBe(422);
    expect(fee.body.detail[0].loc).toEqual(["body", "fee", "denomination"]);
  });

  test("default: a bundle pulls USDC from the owner with Permit2, deposits it into the vault and pays a recipient — one transaction", async () => {
    const approve = await post("/v2/gas_sponsorship/approve_transfer", {
      owner,
      chain: CHAIN,
      token: "USDC",
    });
    expect(approve.status).toBe(200);
    const wallet = devWallet(DEV, CHAIN);
    if (!approve.body.already_approved) {
      const hash = await wallet.sendTransaction({
        to: approve.body.transaction.to,
        data: approve.body.transaction.data,
      });
      await minedReceipt(wallet, hash);
    }
    const permit = await post("/v2/earn/transfer", {
      owner,
      chain: CHAIN,
      token: "USDC",
      amount: "40",
      action: "DEPOSIT",
      gas_sponsorship: true,
    });
    expect(permit.status).toBe(200);
    const typed = permit.body.eip_712;
    expect(typed.message.spender).toBe(account);
    const { EIP712Domain: _, ...types } = typed.types;
    const signature = await wallet.signTypedData({
      domain: typed.domain,
      types,
      primaryType: typed.primaryType,
      message: typed.message,
    } as Parameters<typeof wallet.signTypedData>[0]);
    const pull = {
      body: {
        action_type: "V2_TRANSFER_FROM_EOA",
        token: "USDC",
        amount: "40",
        permit2_signature: signature,
        permit2_nonce: typed.message.nonce,
        permit2_deadline: typed.message.deadline,
      },
    };
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const sharesBefore = await shares();
    const ownerBefore = await usdcBalance(CHAIN, owner);
    const bundle = await post("/v2/earn/bundle", {
      owner,
      chain: CHAIN,
      actions: [
        pull,
        {
          body: {
            action_type: "V2_MANAGE",
            venue: { type: "VAULT", vault_address: vault() },
            action: "DEPOSIT",
            amount: "35",
          },
        },
        { body: { action_type: "V2_TRANSFER_TO_ADDRESS", token: "USDC", amount: "5", recipient } },
      ],
    });
    expect(bundle.status, JSON.stringify(bundle.body)).toBe(200);
    expect(bundle.body.actions_count).toBe(4); // pull, approve, deposit, pay
    const receipt = await sendUnsigned(DEV, CHAIN, bundle.body.transaction);
    expect(receipt.status).toBe("success");
    expect(await usdcBalance(CHAIN, owner)).toBe(ownerBefore - 40_000_000n);
    expect(await usdcBalance(CHAIN, recipient)).toBe(5_000_000n);
    expect(await shares()).toBeGreaterThan(sharesBefore);
    const p = await position();
    expect(p.deposits.at(-1)).toMatchObject({
      input_amount: "35",
      transaction_hash: receipt.transactionHash,
    });

    // the same signature again: Permit2 refuses a used nonce, and the simulation says so before anything is sent
    const replay = await post("/v2/earn/bundle", {
      owner,
      chain: CHAIN,
      actions: [pull],
    });
    expect(replay.status).toBeGreaterThanOrEqual(400);
    expect(replay.status).toBeLessThan(500);
  });
});
