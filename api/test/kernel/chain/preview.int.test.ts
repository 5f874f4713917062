import { addressBook, testEnv } from "@compass/testkit/live";
import { devWallet, keyWallet } from "@compass/testkit/wallet";
import { type Address, encodeFunctionData, erc20Abi, maxUint256, parseEther, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { NATIVE, SimulationFailed, simulateSteps } from "../../../src/kernel/chain/preview.ts";

/**
 * The simulated balance changes are the chain's: a fresh account (funded here, so no other test moves its balances)
 * sends ETH, transfers USDC and approves a spender; the simulation's before/after for it and the recipient equal the
 * balances read from the chain before and after the transactions are mined, to the unit; the allowance left is the
 * chain's; a transaction that would fail is named.
 */
testEnv();
const CHAIN = "ethereum";
/** a dev account only integration files use (they run one at a time): it funds the fresh account */
const DEV = 5;

describe("simulateSteps against the chain", () => {
  test("ETH, a USDC transfer and an approval: before and after as the chain then has them", async () => {
    const usdc = addressBook().tokens![CHAIN]!.USDC!.address as Address;
    const funder = devWallet(DEV, CHAIN);
    const key = generatePrivateKey();
    const wallet = keyWallet(key, CHAIN);
    const me = privateKeyToAccount(key).address;
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const spender = privateKeyToAccount(generatePrivateKey()).address;
    for (const hash of [
      await funder.sendTransaction({ to: me, value: parseEther("1") }),
      await funder.writeContract({
        address: usdc,
        abi: erc20Abi,
        functionName: "transfer",
        args: [me, parseUnits("50", 6)],
      }),
    ])
      expect((await funder.waitForTransactionReceipt({ hash })).status).toBe("success");

    const calls = [
      { to: recipient, data: "0x" as const, value: parseEther("0.25") },
      {
        to: usdc,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [recipient, parseUnits("12.5", 6)],
        }),
      },
      {
        to: usdc,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, maxUint256] }),
      },
    ];
    const steps = calls.map((c) => ({ from: me, ...c }));
    const simulated = await simulateSteps(wallet as never, { steps, holders: [me, recipient] });
    // the first simulation of these calls finds the grant it had not read, and reads it in a second run; the
    // next simulation of the same functions knows what they move and needs one
    expect(simulated.runs).toBe(2);
    expect((await simulateSteps(wallet as never, { steps, holders: [me, recipient] })).runs).toBe(1);

    const balance = async (holder: Address, token: Address) =>
      token === NATIVE
        ? wallet.getBalance({ address: holder })
        : wallet.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [holder] });
    const chainBefore = await Promise.all(simulated.balances.map((b) => balance(b.holder, b.token)));
    let gasPaid = 0n;
    for (const c of calls) {
      const receipt = await wallet.waitForTransactionReceipt({
        hash: await wallet.sendTransaction({ to: c.to, data: c.data, value: c.value ?? 0n }),
      });
      expect(receipt.status).toBe("success");
      gasPaid += receipt.gasUsed * receipt.effectiveGasPrice;
    }
    const chainAfter = await Promise.all(simulated.balances.map((b) => balance(b.holder, b.token)));

    // what moved: the sender's ETH and USDC, the recipient's ETH and USDC
    expect(simulated.balances.map((b) => [b.holder, b.token]).sort()).toEqual(
      [
        [me, NATIVE],
        [me, usdc],
        [recipient, NATIVE],
        [recipient, usdc],
      ].sort(),
    );
    simulated.balances.forEach((b, i) => {
      expect(b.before).toBe(chainBefore[i]);
      // the sender's ETH also paid the gas on chain; the simulation charges none (its fee is reported apart)
      const gas = b.holder === me && b.token === NATIVE ? gasPaid : 0n;
      expect(b.after - gas).toBe(chainAfter[i]);
    });
    expect(simulated.balances.find((b) => b.holder === recipient && b.token === usdc)!.after).toBe(
      parseUnits("12.5", 6),
    );
    expect(simulated.allowances).toEqual([
      { owner: me, token: usdc, spender, kind: "erc20", amount: maxUint256, unlimited: true, expiry: null },
    ]);
    expect(
      await wallet.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: "allowance",
        args: [me, spender],
      }),
    ).toBe(maxUint256);
    expect(simulated.gasUsed).toHaveLength(3);
    expect(simulated.gasUsed.every((g) => g >= 21_000n)).toBe(true);

    // more USDC than it holds: the second transaction is named
    await expect(
      simulateSteps(wallet as never, {
        steps: [
          steps[0]!,
          {
            from: me,
            to: usdc,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: "transfer",
              args: [recipient, parseUnits("1000", 6)],
            }),
          },
        ],
        holders: [me],
      }),
    ).rejects.toBeInstanceOf(SimulationFailed);
  });
});
