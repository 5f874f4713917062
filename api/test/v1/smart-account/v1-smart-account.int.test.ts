import {
  bundlerClient,
  bundlerUrl,
  chainClient,
  devnetFixture,
  getJson,
  postJson,
  SMART_ACCOUNT_PROVIDERS,
  swapAndDepositSteps,
  testEnv,
  vaultAssetsOf,
} from "@compass/testkit/live";
import { parseEther, parseUnits, toHex } from "viem";
import { entryPoint07Address, entryPoint08Address } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";

/**
 * v1 smart-account batching with two smart-account providers, end to end through a real ERC-4337 bundler (the
 * devnet's Alto) and the EntryPoints of `@account-abstraction/contracts`:
 * - a Safe v1.4.1 with Safe's 4337 module v0.3.0 (EntryPoint v0.7), built by permissionless's toSafeSmartAccount;
 * - eth-infinitism's SimpleAccount v0.8 from its factory (EntryPoint v0.8), by permissionless's toSimpleSmartAccount.
 * The API returns the calls; the account's owner signs one user operation holding all of them (viem's bundler
 * client), which also deploys the account; the bundler includes it. Every effect is read on chain.
 */
const { url } = testEnv();
const CHAIN = "arbitrum";
const { contracts, token, balanceOf } = devnetFixture(CHAIN, 0);
const vault = () => contracts().Erc4626VaultUSDC!;
const router = () => contracts().UniswapV3SwapRouter!;

const steps = (depositUsdc: string) =>
  swapAndDepositSteps({ router: router(), vault: vault(), weth: "0.5", depositUsdc });

describe("v1 smart-account batching through an ERC-4337 bundler", () => {
  test("default: the bundler speaks ERC-4337 for both EntryPoints", async () => {
    const r = await fetch(bundlerUrl(CHAIN), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_supportedEntryPoints", params: [] }),
    });
    const body = (await r.json()) as { result: string[] };
    expect(body.result.map((a) => a.toLowerCase()).sort()).toEqual(
      [entryPoint07Address, entryPoint08Address].map((a) => a.toLowerCase()).sort(),
    );
  });

  for (const [name, build] of Object.entries(SMART_ACCOUNT_PROVIDERS)) {
    test(`default: ${name} — wrap, approve, swap, approve, deposit as one user operation, on chain`, async () => {
      const owner = privateKeyToAccount(generatePrivateKey());
      const account = await build(CHAIN, owner);
      const sender = account.address;
      // the account pays its own gas (no paymaster): fund its counterfactual address
      await chainClient(CHAIN).request({
        method: "anvil_setBalance" as any,
        params: [sender, toHex(parseEther("2"))] as any,
      });
      const quote = await getJson(
        `${url}/v1/uniswap/quote/sell_exactly?chain=${CHAIN}&token_in=WETH&token_out=USDC&fee=0.05&amount_in=0.5`,
      );
      const deposit = String(Math.floor(Number(quote.body.amount_out) * 0.9));

      const r = await postJson("/v1/smart_account/batched_user_operations", {
        chain: CHAIN,
        sender,
        operations: steps(deposit),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.operations).toHaveLength(5);
      expect(r.body.operations[0]).toMatchObject({ to: token("WETH"), value: toHex(parseEther("0.5")) });

      const bundler = bundlerClient(CHAIN, account);
      const hash = await bundler.sendUserOperation({
        calls: r.body.operations.map((op: { to: `0x${string}`; data: `0x${string}`; value: string }) => ({
          to: op.to,
          data: op.data,
          value: BigInt(op.value),
        })),
      });
      const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 60_000 });
      // a revert says why (the reason the EntryPoint logged, the gas it was given and used)
      expect(
        receipt.success,
        `user operation reverted: ${JSON.stringify({ reason: receipt.reason, actualGasUsed: receipt.actualGasUsed, tx: receipt.receipt.transactionHash }, (_, v) => (typeof v === "bigint" ? v.toString() : v))}`,
      ).toBe(true);
      expect(receipt.sender.toLowerCase()).toBe(sender.toLowerCase());

      // the account exists now and every step took effect
      expect(await chainClient(CHAIN).getCode({ address: sender })).toMatch(/^0x[0-9a-f]{40,}/);
      expect(await balanceOf(token("WETH"), sender)).toBe(0n);
      const assets = await vaultAssetsOf(CHAIN, vault(), sender);
      // ERC-4626 rounds twice against the depositor (shares down, then assets down): up to 2 units
      expect(assets).toBeGreaterThanOrEqual(parseUnits(deposit, 6) - 2n);
      expect(await balanceOf(token("USDC"), sender)).toBeGreaterThan(0n);

      // the simulation the answer led with is what the account's balances did: every token to the unit (a fresh
      // account held none), and its ETH less the gas the EntryPoint charged (taken from the account's balance as a
      // prefund, the excess kept as its deposit there)
      const sim = r.body.simulation;
      expect(Object.keys(r.body)[0]).toBe("simulation");
      expect(sim.fee).toBeNull();
      const change = (t: string) =>
        BigInt(
          sim.asset_changes.find(
            (c: { holder: string; token: { address: string } }) =>
              c.holder.toLowerCase() === sender.toLowerCase() &&
              c.token.address.toLowerCase() === t.toLowerCase(),
          )?.amount_raw ?? "0",
        );
      expect(change(token("WETH"))).toBe(0n); // wrapped, then sold
      expect(change(token("USDC"))).toBe(await balanceOf(token("USDC"), sender));
      expect(change(vault())).toBe(await balanceOf(vault() as `0x${string}`, sender));
      const ethNow = await chainClient(CHAIN).getBalance({ address: sender });
      const atEntryPoint = await chainClient(CHAIN).readContract({
        address: receipt.entryPoint,
        abi: [
          {
            type: "function",
            name: "balanceOf",
            stateMutability: "view",
            inputs: [{ name: "account", type: "address" }],
            outputs: [{ type: "uint256" }],
          },
        ],
        functionName: "balanceOf",
        args: [sender],
      });
      expect(ethNow + atEntryPoint - parseEther("2") + receipt.actualGasCost).toBe(
        change("0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE"),
      );
      expect(change("0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE")).toBe(-parseEther("0.5"));
    }, 90_000);
  }

  test("behavior: a step the earlier ones do not make possible names its step", async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await SMART_ACCOUNT_PROVIDERS["SimpleAccount (EntryPoint v0.8)"](CHAIN, owner);
    await chainClient(CHAIN).request({
      method: "anvil_setBalance" as any,
      params: [account.address, toHex(parseEther("1"))] as any,
    });
    const r = await postJson("/v1/smart_account/batched_user_operations", {
      chain: CHAIN,
      sender: account.address,
      operations: [
        { body: { action_type: "WRAP_ETH", amount: "0.5" } },
        { body: { action_type: "UNWRAP_WETH", amount: "0.75" } },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", "operations", 1, "body", "amount"]);
    expect(r.body.detail[0].msg).toMatch(/^step 2 \(UNWRAP_WETH\): /);
  });
});
