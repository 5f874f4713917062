import { devnetFixture, freshWallet, sendBundle, testEnv } from "@compass/testkit/live";
import { parseEther } from "viem";
import { describe, expect, test } from "vitest";
import { CompassClient, ValidationError } from "../src/index.ts";

/**
 * The transaction bundler and smart-account batching through the TypeScript SDK: a fresh EOA's authorization,
 * signed with viem, and a bundle that wraps ETH and sends part of it on — both effects read on chain.
 */
const { url } = testEnv();
const CHAIN = "base";
const { token, balanceOf, contracts } = devnetFixture(CHAIN, 0);

describe("TypeScript SDK: v1 transaction bundler", () => {
  test("default: authorization, then execute — one type-4 transaction whose steps land on chain", async () => {
    const client = new CompassClient({ serverURL: url });
    const wallet = await freshWallet(CHAIN, "2");
    const user = wallet.account.address;
    const friend = (await freshWallet(CHAIN, "0")).account.address;
    const auth = await client.transactionBundler.authorization({ chain: CHAIN, sender: user });
    expect(auth.address).toBe(contracts().Simple7702Account);
    const signed = await wallet.signAuthorization({
      contractAddress: auth.address as `0x${string}`,
      chainId: auth.chainId,
      nonce: auth.nonce,
    });
    const { transaction } = await client.transactionBundler.execute({
      chain: CHAIN,
      sender: user,
      signed_authorization: {
        nonce: signed.nonce,
        address: signed.address,
        chainId: signed.chainId,
        r: signed.r,
        s: signed.s,
        yParity: signed.yParity as 0 | 1,
      },
      actions: [
        { body: { action_type: "WRAP_ETH", amount: "0.5" } },
        { body: { action_type: "TOKEN_TRANSFER", token: "WETH", amount: "0.2", to: friend } },
      ],
    });
    await sendBundle(wallet, transaction);
    expect(await balanceOf(token("WETH"), user)).toBe(parseEther("0.3"));
    expect(await balanceOf(token("WETH"), friend)).toBe(parseEther("0.2"));

    // the batch's calls for a smart account: the same steps, refused by step when they cannot run
    const ops = await client.smartAccount.batchedUserOperations({
      chain: CHAIN,
      sender: user,
      operations: [{ body: { action_type: "UNWRAP_WETH", amount: "0.3" } }],
    });
    expect(ops.operations).toEqual([
      { to: token("WETH"), data: expect.stringMatching(/^0x2e1a7d4d/), value: "0x0" },
    ]);
    const refused = await client.smartAccount
      .batchedUserOperations({
        chain: CHAIN,
        sender: user,
        operations: [{ body: { action_type: "UNWRAP_WETH", amount: "5" } }],
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).detail[0]!.loc).toEqual(["body", "operations", 0, "body", "amount"]);
  });
});
