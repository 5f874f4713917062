import { SIMPLE_7702_ACCOUNT } from "@compass/constants";
import {
  chainClient,
  devnetFixture,
  freshWallet,
  getJson,
  postJson,
  sendBundle,
  swapAndDepositSteps,
  testEnv,
  vaultAssetsOf,
} from "@compass/testkit/live";
import { type Address, erc4626Abi, parseEther, parseUnits } from "viem";
import { describe, expect, test } from "vitest";

/**
 * The EIP-7702 bundler on the devnet's real contracts: a fresh EOA delegates to Simple7702Account (the
 * authorization signed with viem's signAuthorization) and in the same transaction wraps ETH, approves the
 * Uniswap router, swaps WETH for USDC, approves the vault and deposits into it. Every effect is read on chain; the
 * steps are built on the state the earlier ones leave (the swap sees the approval, the deposit the USDC).
 */
const { url } = testEnv();
const CHAIN = "arbitrum";
const { contracts, token, balanceOf } = devnetFixture(CHAIN, 0);
const vault = () => contracts().Erc4626VaultUSDC!;
const router = () => contracts().UniswapV3SwapRouter!;

const steps = (depositUsdc: string) =>
  swapAndDepositSteps({ router: router(), vault: vault(), weth: "1", depositUsdc });

async function quotedUsdcForOneWeth(): Promise<number> {
  const r = await getJson(
    `${url}/v1/uniswap/quote/sell_exactly?chain=${CHAIN}&token_in=WETH&token_out=USDC&fee=0.05&amount_in=1`,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return Number(r.body.amount_out);
}

/** The authorization the API gives, signed by the wallet as `signed_authorization` (viem's signAuthorization). */
async function authorize(wallet: Awaited<ReturnType<typeof freshWallet>>) {
  const auth = await postJson("/v1/transaction_bundler/authorization", {
    chain: CHAIN,
    sender: wallet.account.address,
  });
  expect(auth.status, JSON.stringify(auth.body)).toBe(200);
  const signed = await wallet.signAuthorization({
    contractAddress: auth.body.address as Address,
    chainId: auth.body.chainId,
    nonce: auth.body.nonce,
  });
  const { nonce, address, chainId, r, s, yParity } = signed;
  return { auth: auth.body, signed_authorization: { nonce, address, chainId, r, s, yParity } };
}

describe("v1 transaction bundler (EIP-7702)", () => {
  test("default: wrap, approve, swap, approve, deposit — one type-4 transaction from a fresh EOA, on chain", async () => {
    const wallet = await freshWallet(CHAIN, "5");
    const user = wallet.account.address;
    const deposit = String(Math.floor((await quotedUsdcForOneWeth()) * 0.9));

    // not yet delegated: the bundle needs the signed authorization, and says how to get it
    const unsigned = await postJson("/v1/transaction_bundler/execute", {
      chain: CHAIN,
      sender: user,
      actions: steps(deposit),
    });
    expect(unsigned.status, JSON.stringify(unsigned.body)).toBe(422);
    expect(unsigned.body.detail[0].loc).toEqual(["body", "signed_authorization"]);

    const { auth, signed_authorization } = await authorize(wallet);
    expect(auth).toEqual({ nonce: 1, address: SIMPLE_7702_ACCOUNT, chainId: wallet.chain.id });

    const r = await postJson("/v1/transaction_bundler/execute", {
      chain: CHAIN,
      sender: user,
      signed_authorization,
      actions: steps(deposit),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const tx = r.body.transaction;
    expect(tx).toMatchObject({ from: user, to: user, value: "0x0", nonce: "0x0" });
    expect(tx.authorizationList).toHaveLength(1);
    expect(tx.authorizationList[0]).toMatchObject({ address: SIMPLE_7702_ACCOUNT, nonce: 1 });

    const sharesBefore = await chainClient(CHAIN).readContract({
      address: vault(),
      abi: erc4626Abi,
      functionName: "balanceOf",
      args: [user],
    });
    expect(sharesBefore).toBe(0n);
    const receipt = await sendBundle(wallet, tx);
    expect(receipt.type).toBe("eip7702");

    // the EOA now delegates to the batch executor, and every step took effect
    expect((await chainClient(CHAIN).getCode({ address: user }))?.toLowerCase()).toBe(
      `0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`,
    );
    expect(await balanceOf(token("WETH"), user)).toBe(0n);
    const assets = await vaultAssetsOf(CHAIN, vault(), user);
    // the vault holds the deposit for the user (share price rounding costs at most a unit)
    // ERC-4626 rounds twice against the depositor (shares down, then assets down): up to 2 units
    expect(assets).toBeGreaterThanOrEqual(parseUnits(deposit, 6) - 2n);
    const usdcLeft = await balanceOf(token("USDC"), user);
    expect(usdcLeft).toBeGreaterThan(0n); // the swap delivered more than the deposit took
    expect(await chainClient(CHAIN).getBalance({ address: user })).toBeLessThan(parseEther("4"));

    // delegated now: the next bundle needs no authorization and is a plain transaction to itself
    const again = await postJson("/v1/transaction_bundler/execute", {
      chain: CHAIN,
      sender: user,
      actions: [
        { body: { action_type: "VAULT_WITHDRAW", vault_address: vault(), amount: "ALL" } },
        { body: { action_type: "TOKEN_TRANSFER", token: "USDC", amount: "1", to: user } },
      ],
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.transaction.authorizationList).toBeUndefined();
    await sendBundle(wallet, again.body.transaction);
    expect(
      await chainClient(CHAIN).readContract({
        address: vault(),
        abi: erc4626Abi,
        functionName: "balanceOf",
        args: [user],
      }),
    ).toBe(0n);
    expect(await balanceOf(token("USDC"), user)).toBeGreaterThanOrEqual(usdcLeft + assets - 1n);
  });

  test("behavior: a step the earlier ones do not make possible is refused, naming the step", async () => {
    const wallet = await freshWallet(CHAIN, "5");
    const user = wallet.account.address;
    const { auth, signed_authorization } = await authorize(wallet);
    // wraps 1 WETH but approves and sells 2: the swap (step 3) fails on the state steps 1 and 2 leave
    const r = await postJson("/v1/transaction_bundler/execute", {
      chain: CHAIN,
      sender: user,
      signed_authorization,
      actions: [
        { body: { action_type: "WRAP_ETH", amount: "1" } },
        { body: { action_type: "SET_ALLOWANCE", token: "WETH", contract: router(), amount: "2" } },
        {
          body: {
            action_type: "UNISWAP_SELL_EXACTLY",
            token_in: "WETH",
            token_out: "USDC",
            fee: "0.05",
            amount_in: "2",
            max_slippage_percent: 1,
          },
        },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", "actions", 2, "body", "amount_in"]);
    expect(r.body.detail[0].msg).toMatch(/^step 3 \(UNISWAP_SELL_EXACTLY\): the sender holds 1 WETH/);

    // an authorization signed by someone else, or for the wrong nonce, is refused before anything is built
    const other = await freshWallet(CHAIN, "1");
    const forged = await other.signAuthorization({
      contractAddress: SIMPLE_7702_ACCOUNT,
      chainId: auth.chainId,
      nonce: auth.nonce,
    });
    const refused = await postJson("/v1/transaction_bundler/execute", {
      chain: CHAIN,
      sender: user,
      signed_authorization: { ...signed_authorization, r: forged.r, s: forged.s, yParity: forged.yParity },
      actions: [{ body: { action_type: "WRAP_ETH", amount: "1" } }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0].loc).toEqual(["body", "signed_authorization"]);
    const stale = await postJson("/v1/transaction_bundler/execute", {
      chain: CHAIN,
      sender: user,
      signed_authorization: { ...signed_authorization, nonce: 0 },
      actions: [{ body: { action_type: "WRAP_ETH", amount: "1" } }],
    });
    expect(stale.status).toBe(422);
    expect(stale.body.detail[0].loc).toEqual(["body", "signed_authorization", "nonce"]);
    // nothing was sent: the user is still a plain EOA
    expect(await chainClient(CHAIN).getCode({ address: user })).toBeUndefined();
  });
});
