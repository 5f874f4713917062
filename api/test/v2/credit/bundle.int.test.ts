import { minedReceipt } from "@compass/devnet";
import { chainClient, devnetFixture, postJson, sendUnsigned, usdcBalance } from "@compass/testkit/live";
import { devWallet } from "@compass/testkit/wallet";
import { type Address, erc20Abi } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * A credit bundle on Aave v3 (spec product-accounts §5): pull USDC from the owner with Permit2, supply it,
 * borrow USDT less a 1 % fee, swap most of it back to USDC and pay some to the owner — one transaction; a
 * transfer out while debt is outstanding is refused; then withdraw, swap, repay all and pay out in another.
 * Every outcome read on chain.
 */
const CHAIN = "arbitrum";
const DEV = 2;
const { owner, contracts, token, balanceOf } = devnetFixture(CHAIN, DEV);
let account: Address;
const usdtDebt = () => balanceOf(contracts().AaveVariableDebtToken_USDT!, account);
const aUsdc = () => balanceOf(contracts().AaveAToken_USDC!, account);
const bundle = (actions: Record<string, unknown>[]) =>
  postJson("/v2/credit/bundle", { owner, chain: CHAIN, actions: actions.map((body) => ({ body })) });

beforeAll(async () => {
  const created = await postJson("/v2/credit/create_account", { chain: CHAIN, sender: owner, owner });
  if (created.body.transaction) await sendUnsigned(DEV, CHAIN, created.body.transaction);
  account = created.body.credit_account_address;
});

describe("credit: bundles", () => {
  test("default: pull, supply, borrow with a fee, swap and pay out in one transaction; later repay all and pay a recipient", async () => {
    const wallet = devWallet(DEV, CHAIN);
    const approve = await postJson("/v2/gas_sponsorship/approve_transfer", {
      owner,
      chain: CHAIN,
      token: "USDC",
    });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    if (!approve.body.already_approved)
      await minedReceipt(
        wallet,
        await wallet.sendTransaction({
          to: approve.body.transaction.to,
          data: approve.body.transaction.data,
        }),
      );
    const permit = await postJson("/v2/credit/transfer", {
      owner,
      chain: CHAIN,
      token: "USDC",
      amount: "500",
      action: "DEPOSIT",
      gas_sponsorship: true,
    });
    expect(permit.status, JSON.stringify(permit.body)).toBe(200);
    const typed = permit.body.eip_712;
    const { EIP712Domain: _, ...types } = typed.types;
    const signature = await wallet.signTypedData({
      domain: typed.domain,
      types,
      primaryType: typed.primaryType,
      message: typed.message,
    } as Parameters<typeof wallet.signTypedData>[0]);
    const feeTo = privateKeyToAccount(generatePrivateKey()).address;
    const ownerBefore = await usdcBalance(CHAIN, owner);
    const first = await bundle([
      {
        action_type: "V2_TRANSFER_FROM_EOA",
        token: "USDC",
        amount: "500",
        permit2_signature: signature,
        permit2_nonce: typed.message.nonce,
        permit2_deadline: typed.message.deadline,
      },
      { action_type: "CREDIT_SUPPLY", token: "USDC", amount: "500" },
      {
        action_type: "CREDIT_BORROW",
        token: "USDT",
        amount: "40",
        fee: { recipient: feeTo, amount: 1, denomination: "PERCENTAGE" },
      },
      { action_type: "V2_SWAP", token_in: "USDT", token_out: "USDC", amount_in: "39", slippage: "0.5" },
      { action_type: "V2_TRANSFER_TO_EOA", token: "USDC", amount: "10" },
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, first.body.transaction);
    expect(await usdcBalance(CHAIN, owner)).toBe(ownerBefore - 500_000_000n + 10_000_000n);
    expect((await aUsdc()) - 500_000_000n).toBeLessThanOrEqual(2n);
    // the debt token's balance is scaled debt × index, rounded: it may read a unit under what was borrowed
    expect(await usdtDebt()).toBeGreaterThanOrEqual(40_000_000n - 1n);
    expect(await balanceOf(token("USDT"), feeTo)).toBe(400_000n); // 1 % of 40 USDT

    // paying out while USDT is owed is refused, naming the action
    const early = await bundle([
      { action_type: "CREDIT_TRANSFER_TO_ADDRESS", token: "USDC", amount: "1", recipient: feeTo },
    ]);
    expect(early.status).toBe(422);
    expect(early.body.detail[0]).toMatchObject({
      loc: ["body", "actions", 0, "body", "action_type"],
      msg: expect.stringMatching(/still owes/),
    });

    const second = await bundle([
      { action_type: "CREDIT_WITHDRAW", token: "USDC", amount: "20" },
      { action_type: "V2_SWAP", token_in: "USDC", token_out: "USDT", amount_in: "45", slippage: "0.5" },
      { action_type: "CREDIT_REPAY", token: "USDT", amount: "1000" },
      { action_type: "CREDIT_TRANSFER_TO_ADDRESS", token: "USDC", amount: "1", recipient: feeTo },
    ]);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, second.body.transaction);
    expect(await usdtDebt()).toBe(0n);
    expect(await usdcBalance(CHAIN, feeTo)).toBe(1_000_000n);
    // the repay's allowance is reset: nothing left approved to the pool
    const allowance = await chainClient(CHAIN).readContract({
      address: token("USDT"),
      abi: erc20Abi,
      functionName: "allowance",
      args: [account, contracts().AavePool!],
    });
    expect(allowance).toBe(0n);
  });

  test("behavior: each action's fields are named by their place in the bundle", async () => {
    const r = await bundle([
      { action_type: "CREDIT_SUPPLY", token: "USDC", amount: "1" },
      { action_type: "CREDIT_BORROW", token: "NOPE", amount: "1" },
    ]);
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", "actions", 1, "body", "token"]);
    const euler = await bundle([
      { action_type: "CREDIT_SUPPLY", token: "USDC", amount: "1", protocol: "EULER" },
    ]);
    expect(euler.body.detail[0].loc).toEqual(["body", "actions", 0, "body", "protocol"]);
  });
});
