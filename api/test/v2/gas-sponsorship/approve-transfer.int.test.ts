import { MULTICALL3, PERMIT2 } from "@compass/constants";
import { minedReceipt } from "@compass/devnet";
import { addressBook, chainClient, testEnv } from "@compass/testkit/live";
import { devWallet } from "@compass/testkit/wallet";
import { erc20Abi, maxUint256 } from "viem";
import { describe, expect, test } from "vitest";

const { url } = testEnv();
const owner = addressBook().accounts.dev[6]!.address;

const approve = (token: string, extra: Record<string, unknown> = {}) =>
  fetch(`${url}/v2/gas_sponsorship/approve_transfer`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ owner, chain: "base", token, ...extra }),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

describe("POST /v2/gas_sponsorship/approve_transfer", () => {
  test("default: the approve it returns, once sent, gives Permit2 an unlimited allowance", async () => {
    const usdc = addressBook().chains.base!.contracts.USDC!;
    const r = await approve("USDC");
    expect(r.status).toBe(200);
    if (!r.body.already_approved) {
      const wallet = devWallet(6, "base");
      const hash = await wallet.sendTransaction({ to: r.body.transaction.to, data: r.body.transaction.data });
      await minedReceipt(chainClient("base"), hash);
    }
    const allowance = await chainClient("base").readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: "allowance",
      args: [owner, PERMIT2],
    });
    expect(allowance).toBe(maxUint256);
    expect((await approve("USDC")).body.already_approved).toBe(true);
  });

  test("behavior: an address holding no contract is a 422 on token, not a 500", async () => {
    const r = await approve(addressBook().accounts.dev[7]!.address);
    expect(r.status).toBe(422);
    expect(r.body.detail[0]).toMatchObject({
      loc: ["body", "token"],
      msg: expect.stringMatching(/holds no contract on Base/),
    });
  });

  test("behavior: a contract that is not an ERC-20 is a 422 on token saying so", async () => {
    const r = await approve(MULTICALL3);
    expect(r.status).toBe(422);
    expect(r.body.detail[0]).toMatchObject({
      loc: ["body", "token"],
      msg: expect.stringMatching(/is not an ERC-20 token/),
    });
  });
});
