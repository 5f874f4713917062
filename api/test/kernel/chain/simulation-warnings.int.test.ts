import { addressBook, chainClient, getJson, postJson, testEnv } from "@compass/testkit/live";
import { devWallet, keyWallet, sendReturned } from "@compass/testkit/wallet";
import { type Address, encodeFunctionData, erc20Abi, maxUint256, parseEther, parseUnits, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { simulateWrite } from "../../../src/kernel/chain/write-simulation.ts";
import { loadConfig } from "../../../src/kernel/config/env.ts";
import { healthFactorProbe, oraclePriceSource } from "../../../src/protocols/aave/index.ts";

/**
 * Each warning a write's simulation can give, triggered: through the API where an operation can lead there (an
 * unlimited approval, a spender nobody named, a borrow that leaves the position near liquidation), and by simulating
 * a transaction on the devnet directly where the API's own checks never build one (a call to an address without code,
 * assets sent to an account not deployed yet, less arriving than quoted).
 */
const { devnetDir } = testEnv();
const CHAIN = "arbitrum";
/** a dev account only integration files use (they run one at a time): it funds the fresh wallets */
const DEV = 5;
const book = () => addressBook();
const usdc = () => book().tokens![CHAIN]!.USDC!.address as Address;
const codes = (body: { simulation?: { warnings: { code: string }[] } }) =>
  body.simulation?.warnings.map((w) => w.code) ?? [];

async function freshWallet(usdcAmount: string) {
  const key = generatePrivateKey();
  const me = privateKeyToAccount(key).address;
  await chainClient(CHAIN).request({
    method: "anvil_setBalance" as any,
    params: [me, toHex(parseEther("1"))] as any,
  });
  if (usdcAmount !== "0") {
    const funder = devWallet(DEV, CHAIN);
    const hash = await funder.writeContract({
      address: usdc(),
      abi: erc20Abi,
      functionName: "transfer",
      args: [me, parseUnits(usdcAmount, 6)],
    });
    expect((await funder.waitForTransactionReceipt({ hash })).status).toBe("success");
  }
  return { key, me };
}

/** the kernel's simulation of an answer, as the API runs it, on the devnet chain */
function simulate(result: unknown, spec?: Parameters<typeof simulateWrite>[0]["spec"]) {
  const config = loadConfig({ ...process.env, COMPASS_ENV: "staging", COMPASS_DEVNET_DIR: devnetDir });
  return simulateWrite({
    config,
    client: () => chainClient(CHAIN) as never,
    body: { chain: CHAIN },
    result,
    sources: { price: oraclePriceSource, probes: healthFactorProbe },
    spec,
  }).then((r) => r!.wire);
}

const tx = (from: Address, to: Address, data: `0x${string}`) => ({
  chainId: toHex(book().chains[CHAIN]!.chainId),
  from,
  to,
  data,
  value: "0x0",
  gas: null,
  nonce: "0x0",
  maxFeePerGas: "0x3b9aca00",
  maxPriorityFeePerGas: "0x1",
});

describe("the simulation's warnings", () => {
  test("unlimited_approval: approving Permit2 for a sponsored transfer leaves an allowance no amount exhausts", async () => {
    const { key, me } = await freshWallet("0");
    const r = await postJson("/v2/gas_sponsorship/approve_transfer", {
      owner: me,
      chain: CHAIN,
      token: "USDC",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.simulation.approvals).toEqual([
      expect.objectContaining({
        owner: me,
        spender: book().chains[CHAIN]!.contracts.Permit2,
        unlimited: true,
      }),
    ]);
    expect(codes(r.body)).toEqual(["unlimited_approval"]);
    // sent as returned: the chain check holds the simulation to what the chain then does
    await sendReturned(keyWallet(key, CHAIN), r.body.transaction);
  });

  test("approval_to_unknown_spender: an allowance for an address neither called nor named by the deployment", async () => {
    const { me } = await freshWallet("0");
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    const r = await postJson("/v1/generic/allowance/set", {
      chain: CHAIN,
      sender: me,
      token: "USDC",
      contract: stranger,
      amount: "25",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(codes(r.body)).toEqual(["approval_to_unknown_spender"]);
    // the pool the deployment names: no warning
    const pool = await postJson("/v1/generic/allowance/set", {
      chain: CHAIN,
      sender: me,
      token: "USDC",
      contract: "AaveV3Pool",
      amount: "25",
    });
    expect(codes(pool.body)).toEqual([]);
  });

  test("low_health_factor: borrowing nearly all the collateral allows leaves Aave's health factor under 1.1", async () => {
    const { key, me } = await freshWallet("1000");
    const mine = keyWallet(key, CHAIN);
    const pool = book().chains[CHAIN]!.contracts.AavePool! as Address;
    const approve = await mine.writeContract({
      address: usdc(),
      abi: erc20Abi,
      functionName: "approve",
      args: [pool, maxUint256],
    });
    await mine.waitForTransactionReceipt({ hash: approve });
    const supply = await postJson("/v1/aave/supply", {
      chain: CHAIN,
      sender: me,
      token: "USDC",
      amount: "1000",
    });
    expect(supply.status, JSON.stringify(supply.body)).toBe(200);
    expect(codes(supply.body)).toEqual([]);
    await sendReturned(mine, supply.body.transaction);

    const { url } = testEnv();
    const summary = await getJson(`${url}/v1/aave/user_position_summary?chain=${CHAIN}&user=${me}`);
    const available = Number(summary.body.available_borrows);
    expect(available).toBeGreaterThan(100);
    const borrow = (share: number) =>
      postJson("/v1/aave/borrow", {
        chain: CHAIN,
        sender: me,
        token: "USDC",
        amount: (available * share).toFixed(2),
        interest_rate_mode: "variable",
      });
    const small = await borrow(0.3);
    expect(codes(small.body)).toEqual([]);
    expect(Number(small.body.simulation.outcome.health_factor_after)).toBeGreaterThan(1.1);
    const greedy = await borrow(0.99);
    expect(greedy.status, JSON.stringify(greedy.body)).toBe(200);
    expect(greedy.body.simulation.outcome.health_factor_before).toBeNull(); // no debt before
    expect(Number(greedy.body.simulation.outcome.health_factor_after)).toBeLessThan(1.1);
    expect(codes(greedy.body)).toEqual(["low_health_factor"]);
  });

  test("call_to_address_without_code: calldata sent to an address where no contract is", async () => {
    const { me } = await freshWallet("0");
    const nobody = privateKeyToAccount(generatePrivateKey()).address;
    const wire = await simulate({ transaction: tx(me, nobody, "0xa9059cbb") });
    expect(wire.warnings.map((w) => w.code)).toEqual(["call_to_address_without_code"]);
    // a contract there: no warning
    const usdcCall = await simulate({
      transaction: tx(
        me,
        usdc(),
        encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [me] }),
      ),
    });
    expect(usdcCall.warnings).toEqual([]);
  });

  test("transfer_to_address_without_code: USDC sent to a product account that is not deployed yet", async () => {
    const { me } = await freshWallet("10");
    const account = privateKeyToAccount(generatePrivateKey()).address;
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: "transfer",
      args: [account, parseUnits("4", 6)],
    });
    const wire = await simulate({ transaction: tx(me, usdc(), transfer), earn_account_address: account });
    expect(wire.warnings.map((w) => w.code)).toEqual(["transfer_to_address_without_code"]);
    expect(wire.asset_changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ holder: account, role: "account", amount: "4" }),
        expect.objectContaining({
          holder: me,
          role: "wallet",
          amount: "-4",
          usd: expect.stringMatching(/^-3\.9|^-4/),
        }),
      ]),
    );
  });

  test("output_below_quote: less arrives than the quote less its slippage", async () => {
    const { me } = await freshWallet("10");
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: "transfer",
      args: [me, parseUnits("1", 6)],
    });
    // the "swap" returns 0 USDC; it was quoted 5 with 1 % slippage
    const spec = { quotedOutput: () => ({ token: "USDC", quoted: "5", slippagePercent: 1 }) };
    const wire = await simulate({ transaction: tx(me, usdc(), transfer) }, spec);
    expect(wire.warnings.map((w) => w.code)).toEqual(["output_below_quote"]);
    const met = await simulate(
      { transaction: tx(me, usdc(), transfer) },
      { quotedOutput: () => ({ token: "USDC", quoted: "0", slippagePercent: 1 }) },
    );
    expect(met.warnings).toEqual([]);
  });
});
