import { minedReceipt } from "@compass/devnet";
import {
  addressBook,
  chainClient,
  getJson,
  sponsorAddress,
  sponsorBroadcast,
  testEnv,
} from "@compass/testkit/live";
import { trader } from "@compass/testkit/wallet";
import { encodeFunctionData, parseAbi } from "viem";
import { describe, expect, test } from "vitest";

const { url } = testEnv();
const me = trader(2);
const owner = me.address;

const post = (op: string, body: unknown) =>
  getJson(`${url}/v2/perpetual_trading/${op}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** A fresh permit and everything sponsor_prepare needs, signed by `signer`. */
async function prepared(amount = "25", signer = me) {
  const deposit = (await post("deposit", { owner, amount })).body;
  return {
    owner,
    amount_raw: deposit.amount_raw,
    deadline: Number(deposit.permit.message.deadline),
    signature: await signer.sign(deposit.permit),
    sender: sponsorAddress(),
  };
}

/** usdc_admin (unlocked on anvil) toggles a blacklist entry of the USDC twin. */
async function blacklist(account: `0x${string}`, on: boolean) {
  const book = addressBook();
  const abi = parseAbi(["function blacklist(address)", "function unBlacklist(address)"]);
  const data = encodeFunctionData({ abi, functionName: on ? "blacklist" : "unBlacklist", args: [account] });
  const client = chainClient("arbitrum");
  const hash = await client.request({
    method: "eth_sendTransaction" as never,
    params: [
      { from: book.roles!.usdc_admin!.address, to: book.chains.arbitrum!.contracts.USDC, data },
    ] as never,
  });
  await minedReceipt(client, hash as `0x${string}`);
}

describe("deposit/sponsor_prepare refuses a relay that would not deposit (422 naming the cause)", () => {
  test("default: a good permit gives the sponsor a Bridge2 call on Arbitrum", async () => {
    const r = await post("deposit/sponsor_prepare", await prepared());
    expect(r.status).toBe(200);
    expect(r.body.transaction).toMatchObject({
      chainId: "0xa4b1",
      from: sponsorAddress(),
      to: "0x2Df1c51E09aECF9cacB7bc98cB1742757f163dF7",
      value: "0x0",
    });
    expect(r.body.transaction.data.slice(0, 10)).toBe("0xb30b5bce"); // batchedDepositWithPermit
    // what moves now is the owner's USDC into the bridge; the venue credits it later
    expect(r.body.simulation).toMatchObject({ settles_later: true, fee: { payer: sponsorAddress() } });
    expect(r.body.simulation.asset_changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ holder: owner, amount: "-25" })]),
    );
    // relayed: the simulation is held to the chain (the sponsor's gas, the owner's USDC) by the broadcast
    await sponsorBroadcast(r.body.transaction);
  });

  test("behavior: signed by another key", async () => {
    const r = await post("deposit/sponsor_prepare", await prepared("25", trader(3)));
    expect(r.status).toBe(422);
    expect(r.body.detail[0]).toMatchObject({
      loc: ["body", "signature"],
      msg: expect.stringMatching(/signed by 0x/),
    });
  });

  test("behavior: an expired deadline", async () => {
    const body = await prepared();
    const r = await post("deposit/sponsor_prepare", { ...body, deadline: 1_000 });
    expect(r.status).toBe(422);
    expect(r.body.detail[0]).toMatchObject({
      loc: ["body", "deadline"],
      msg: expect.stringMatching(/expired/),
    });
  });

  test("behavior: more USDC than the owner holds (also refused by /deposit)", async () => {
    expect((await post("deposit", { owner, amount: "50000000" })).body.detail[0].loc).toEqual([
      "body",
      "amount",
    ]);
    const body = await prepared();
    const r = await post("deposit/sponsor_prepare", { ...body, amount_raw: 50_000_000_000_000 });
    expect(r.body.detail[0]).toMatchObject({
      loc: ["body", "amount_raw"],
      msg: expect.stringMatching(/less than/),
    });
  });

  test("behavior: less than the venue's 5 USDC minimum (the bridge would keep it, crediting nothing)", async () => {
    const r = await post("deposit/sponsor_prepare", { ...(await prepared()), amount_raw: 4_999_999 });
    expect(r.status).toBe(422);
    expect(r.body.detail[0]).toMatchObject({
      loc: ["body", "amount_raw"],
      msg: expect.stringMatching(/Minimum deposit is 5 USDC/),
    });
  });

  test("behavior: a sender with no ETH for gas", async () => {
    const r = await post("deposit/sponsor_prepare", {
      ...(await prepared()),
      sender: "0x000000000000000000000000000000000000dEaD",
    });
    expect(r.body.detail[0]).toMatchObject({
      loc: ["body", "sender"],
      msg: expect.stringMatching(/holds 0 ETH/),
    });
  });

  test("behavior: the bridge would no-op (owner blacklisted): caught by simulating and reading its logs", async () => {
    const body = await prepared();
    await blacklist(owner, true);
    try {
      const r = await post("deposit/sponsor_prepare", body);
      expect(r.status).toBe(422);
      expect(r.body.detail[0]).toMatchObject({
        loc: ["body", "signature"],
        msg: expect.stringMatching(/The deposit would not happen: the bridge could not/),
      });
    } finally {
      await blacklist(owner, false);
    }
  });

  test("behavior: under the minimum deposit", async () => {
    const r = await post("deposit", { owner, amount: "4.99" });
    expect(r.body.detail[0]).toMatchObject({
      loc: ["body", "amount"],
      msg: expect.stringMatching(/Minimum deposit is 5/),
    });
  });
});
