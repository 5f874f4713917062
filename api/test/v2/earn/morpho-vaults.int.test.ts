import { morphoBlueAbi } from "@compass/constants";
import {
  addressBook,
  advanceDevnet,
  chainClient,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
  usdcBalance,
} from "@compass/testkit/live";
import type { Address } from "viem";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * The devnet's MetaMorpho-ABI vault (MetaMorphoUSDC) managed through `manage`: a deposit lands in Morpho
 * Blue (the vault's supply there rises by the amount), a withdrawal comes back out of it — read on chain.
 */
testEnv();
const CHAIN = "base";
const DEV = 5;
const owner = addressBook().accounts.dev[DEV]!.address;
const book = () => addressBook().chains[CHAIN]!.contracts;
let account: Address;

/** The vault's supply across the Blue markets it lists, in USDC units. */
async function blueSupply(vault: Address): Promise<bigint> {
  const client = chainClient(CHAIN);
  const abi = [
    {
      type: "function",
      name: "withdrawQueue",
      inputs: [{ type: "uint256" }],
      outputs: [{ type: "bytes32" }],
      stateMutability: "view",
    },
  ] as const;
  let total = 0n;
  for (const i of [0n, 1n]) {
    const id = await client.readContract({ address: vault, abi, functionName: "withdrawQueue", args: [i] });
    const morpho = book().MorphoBlue as Address;
    const [shares] = await client.readContract({
      address: morpho,
      abi: morphoBlueAbi,
      functionName: "position",
      args: [id, vault],
    });
    const [tsa, tss] = await client.readContract({
      address: morpho,
      abi: morphoBlueAbi,
      functionName: "market",
      args: [id],
    });
    total += (shares * (tsa + 1n)) / (tss + 10n ** 6n);
  }
  return total;
}

beforeAll(async () => {
  const created = await postJson("/v2/earn/create_account", { chain: CHAIN, sender: owner, owner });
  account = created.body.earn_account_address;
  if (created.body.transaction) await sendUnsigned(DEV, CHAIN, created.body.transaction);
  const funded = await postJson("/v2/earn/transfer", {
    owner,
    chain: CHAIN,
    token: "USDC",
    amount: "150",
    action: "DEPOSIT",
  });
  expect(funded.status).toBe(200);
  await sendUnsigned(DEV, CHAIN, funded.body.transaction);
});

describe("earn: MetaMorpho-ABI vault over Morpho Blue", () => {
  test("default: a deposit is supplied into Blue, a day of interest shows in positions, the withdrawal comes out of Blue and realises it", async () => {
    const vault = book().MetaMorphoUSDC as Address;
    const supplyBefore = await blueSupply(vault);
    const cashBefore = await usdcBalance(CHAIN, account);
    const manage = (action: string, amount: string) =>
      postJson("/v2/earn/manage", {
        owner,
        chain: CHAIN,
        venue: { type: "VAULT", vault_address: vault },
        action,
        amount,
      });
    const deposit = await manage("DEPOSIT", "100");
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, deposit.body.transaction);
    expect(await usdcBalance(CHAIN, account)).toBe(cashBefore - 100_000_000n);
    const supplyAfter = await blueSupply(vault);
    // interest accrued on the rest of the vault's supply may add a little on top
    expect(supplyAfter - supplyBefore).toBeGreaterThanOrEqual(100_000_000n - 2n);

    // a day of Blue interest (the devnet's borrowers pay it on the clock's advance) shows as unrealised profit
    await advanceDevnet(86_400);
    const position = async () => {
      const r = await getJson(`${testEnv().url}/v2/earn/positions?chain=${CHAIN}&owner=${owner}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.vaults.find((v: { vault_address: string }) => v.vault_address === vault);
    };
    const held = await position();
    expect(held.deposits.at(-1)).toMatchObject({ input_amount: "100", input_symbol: "USDC" });
    expect(Number(held.balance)).toBeGreaterThan(100);
    expect(Number(held.pnl.unrealized_pnl)).toBeGreaterThan(0);

    const supplyBeforeWithdraw = await blueSupply(vault);
    const withdraw = await manage("WITHDRAW", "40");
    expect(withdraw.status, JSON.stringify(withdraw.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, withdraw.body.transaction);
    expect(await usdcBalance(CHAIN, account)).toBe(cashBefore - 60_000_000n);
    expect(await blueSupply(vault)).toBeLessThan(supplyBeforeWithdraw);
    // the 40 USDC paid out burnt fewer shares than 40 USDC bought: the withdrawal realised that profit (FIFO)
    const after = await position();
    expect(after.withdrawals.at(-1)).toMatchObject({ output_amount: "40", output_symbol: "USDC" });
    expect(Number(after.withdrawals.at(-1).realized_pnl)).toBeGreaterThan(0);
    expect(Number(after.pnl.realized_pnl)).toBeGreaterThan(0);
  });
});
