import { minedReceipt } from "@compass/devnet";
import { addressBook, chainClient, getJson, testEnv, usdcBalance } from "@compass/testkit/live";
import { devWallet } from "@compass/testkit/wallet";
import { erc20Abi, parseUnits } from "viem";
import { describe, expect, test } from "vitest";

const { url, prodUrl, apiKey } = testEnv();
const dev = addressBook().accounts.dev;

describe("GET /v1/token/balance", () => {
  test("default: reads the USDC balance from chain", async () => {
    const onChain = await usdcBalance("ethereum", dev[1]!.address);
    const r = await getJson(`${url}/v1/token/balance?chain=ethereum&user=${dev[1]!.address}&token=USDC`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      token_symbol: "USDC",
      decimals: 6,
      balance_raw: onChain.toString(),
      token_address: addressBook().chains.ethereum!.contracts.USDC,
    });
    expect(onChain).toBeGreaterThan(0n);
  });

  test("parameters: token by address, lower-case user, native ETH", async () => {
    const usdc = addressBook().chains.arbitrum!.contracts.USDC!;
    const r = await getJson(
      `${url}/v1/token/balance?chain=arbitrum&user=${dev[2]!.address.toLowerCase()}&token=${usdc.toLowerCase()}`,
    );
    expect(r.body.balance_raw).toBe((await usdcBalance("arbitrum", dev[2]!.address)).toString());
    const eth = await getJson(`${url}/v1/token/balance?chain=base&user=${dev[2]!.address}&token=ETH`);
    expect(eth.body.balance_raw).toBe(
      (await chainClient("base").getBalance({ address: dev[2]!.address })).toString(),
    );
  });

  test("behavior: with `block`, the balance as it was at that block", async () => {
    const wallet = devWallet(3, "base");
    const usdc = addressBook().chains.base!.contracts.USDC!;
    const before = await chainClient("base").getBlockNumber();
    const balanceBefore = await usdcBalance("base", dev[3]!.address);
    const hash = await wallet.writeContract({
      address: usdc,
      abi: erc20Abi,
      functionName: "transfer",
      args: [dev[4]!.address, parseUnits("12.5", 6)],
    });
    await minedReceipt(wallet, hash);
    const now = await getJson(`${url}/v1/token/balance?chain=base&user=${dev[3]!.address}&token=USDC`);
    const then = await getJson(
      `${url}/v1/token/balance?chain=base&user=${dev[3]!.address}&token=USDC&block=${before}`,
    );
    expect(BigInt(then.body.balance_raw)).toBe(balanceBefore);
    expect(BigInt(now.body.balance_raw)).toBe(balanceBefore - 12_500_000n);
    expect(then.body.block_number).toBe(Number(before));
  });

  test("behavior: bad input is a 422 naming the field, never a 500", async () => {
    const cases: [string, string[]][] = [
      [`chain=ethereum&user=0xabc`, ["query", "user"]],
      [`chain=solana&user=${dev[1]!.address}`, ["query", "chain"]],
      [`chain=ethereum&user=${dev[1]!.address}&token=NOPE`, ["query", "token"]],
      [`chain=ethereum&user=${dev[1]!.address}&block=-1`, ["query", "block"]],
      [`chain=ethereum&user=${dev[1]!.address}&block=99999999999`, ["query", "block"]],
      [`chain=ethereum`, ["query", "user"]],
    ];
    for (const [q, loc] of cases) {
      const r = await getJson(`${url}/v1/token/balance?${q}`);
      expect(r.status, q).toBe(422);
      expect(r.body.detail[0].loc, q).toEqual(loc);
    }
  });

  test("behavior: an address that is not a token is a 404", async () => {
    const r = await getJson(
      `${url}/v1/token/balance?chain=ethereum&user=${dev[1]!.address}&token=${dev[5]!.address}`,
    );
    expect(r.status).toBe(404);
  });

  test("behavior: production checks x-api-key", async () => {
    const q = `/v1/token/balance?chain=ethereum&user=${dev[1]!.address}`;
    expect((await getJson(prodUrl + q)).status).toBe(401);
    expect((await getJson(prodUrl + q)).body).toEqual({
      detail: "API key missing or invalid",
      hint: expect.stringContaining("x-api-key is missing"),
    });
    expect((await getJson(prodUrl + q, { headers: { "x-api-key": "wrong" } })).status).toBe(401);
    expect((await getJson(prodUrl + q, { headers: { "x-api-key": apiKey } })).status).toBe(200);
  });
});

describe("history window", () => {
  test("behavior: a block older than the node keeps is a 422 on block, not a 404 or 500", async () => {
    const head = await chainClient("ethereum").getBlockNumber();
    if (head < 200n)
      await fetch(addressBook().chains.ethereum!.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_mine", params: ["0xc8"] }),
      });
    const r = await getJson(
      `${url}/v1/token/balance?chain=ethereum&user=${dev[1]!.address}&token=USDC&block=1`,
    );
    expect(r.status).toBe(422);
    expect(r.body.detail[0]).toMatchObject({
      loc: ["query", "block"],
      msg: expect.stringContaining("history"),
    });
  });
});
