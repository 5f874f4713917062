import {
  addressBook,
  chainClient,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
  usdcBalance,
} from "@compass/testkit/live";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";

const { url } = testEnv();
const CHAIN = "base";
const DEV = 9;
const owner = addressBook().accounts.dev[DEV]!.address;

const post = postJson;

describe("the Earn Account: create, deposit, balances, withdraw to a recipient", () => {
  test("default: every step lands on chain and balances lists it", async () => {
    const created = await post("/v2/earn/create_account", { chain: CHAIN, sender: owner, owner });
    expect(created.status).toBe(200);
    const account = created.body.earn_account_address as `0x${string}`;
    // not the tokenized account: each product has its own
    const tokenized = await post("/v2/tokenized_assets/create_account", {
      chain: CHAIN,
      sender: owner,
      owner,
    });
    expect(tokenized.body.tokenized_assets_account_address).not.toBe(account);
    if (created.body.transaction) await sendUnsigned(DEV, CHAIN, created.body.transaction);
    expect(await chainClient(CHAIN).getCode({ address: account })).not.toBe("0x");
    const again = await post("/v2/earn/create_account", { chain: CHAIN, sender: owner, owner });
    expect(again.body).toEqual({ transaction: null, earn_account_address: account });

    const before = await usdcBalance(CHAIN, account);
    const deposit = await post("/v2/earn/transfer", {
      owner,
      chain: CHAIN,
      token: "USDC",
      amount: "12.5",
      action: "DEPOSIT",
    });
    expect(deposit.status).toBe(200);
    const receipt = await sendUnsigned(DEV, CHAIN, deposit.body.transaction);
    expect(await usdcBalance(CHAIN, account)).toBe(before + 12_500_000n);

    const balances = await getJson(`${url}/v2/earn/balances?chain=${CHAIN}&owner=${owner}`);
    expect(balances.status).toBe(200);
    expect(balances.body.earn_account_address).toBe(account);
    const usdc = balances.body.balances.USDC;
    expect(usdc.balance).toBe(String(before + 12_500_000n));
    expect(usdc.usd_value).not.toBeNull();
    expect(usdc.transfers.at(-1)).toMatchObject({
      direction: "in",
      amount_formatted: "12.5",
      transaction_hash: receipt.transactionHash,
      to_address: account,
    });

    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const withdraw = await post("/v2/earn/transfer", {
      owner,
      chain: CHAIN,
      token: addressBook().chains[CHAIN]!.contracts.USDC!.toLowerCase(),
      amount: 2,
      action: "WITHDRAW",
      recipient,
    });
    expect(withdraw.status).toBe(200);
    await sendUnsigned(DEV, CHAIN, withdraw.body.transaction);
    expect(await usdcBalance(CHAIN, recipient)).toBe(2_000_000n);
    const after = await getJson(`${url}/v2/earn/balances?chain=${CHAIN}&owner=${owner}`);
    expect(after.body.balances.USDC.transfers.at(-1)).toMatchObject({
      direction: "out",
      to_address: recipient,
    });
  });

  test("behavior: bad input is a 422 naming the field; a chain this deployment does not run too", async () => {
    const eoa = await post("/v2/earn/transfer", {
      owner,
      chain: CHAIN,
      token: "0x000000000000000000000000000000000000dEaD",
      amount: 1,
      action: "DEPOSIT",
    });
    expect(eoa.status).toBe(422);
    expect(eoa.body.detail[0]).toMatchObject({
      loc: ["body", "token"],
      msg: expect.stringMatching(/holds no contract/),
    });
    const tooMuch = await post("/v2/earn/transfer", {
      owner,
      chain: CHAIN,
      token: "USDC",
      amount: "1e12",
      action: "WITHDRAW",
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.detail[0].loc).toEqual(["body", "amount"]);
    const tempo = await getJson(`${url}/v2/earn/balances?chain=tempo&owner=${owner}`);
    expect(tempo.status).toBe(422);
    expect(tempo.body.detail[0].loc).toEqual(["query", "chain"]);
    const notEarn = await getJson(`${url}/v2/earn/balances?chain=ethereum_sepolia&owner=${owner}`);
    expect(notEarn.status).toBe(422);
  });
});
