import { minedReceipt } from "@compass/devnet";
import {
  type Address,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  parseEther,
  publicActions,
  toHex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { BenchRow, BenchSection } from "../types.ts";
import { addressBookFor, postOk } from "../util.ts";

const CHAIN = "arbitrum";

/** A never-used EOA holding `eth`, as a user's wallet: signs transactions and EIP-7702 authorizations locally. */
async function freshWallet(book: any, eth: string) {
  const c = book.chains[CHAIN];
  const wallet = createWalletClient({
    account: privateKeyToAccount(generatePrivateKey()),
    chain: defineChain({
      id: c.chainId,
      name: CHAIN,
      nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [c.rpcUrl] } },
    }),
    transport: http(c.rpcUrl),
  }).extend(publicActions);
  await wallet.request({
    method: "anvil_setBalance" as any,
    params: [wallet.account.address, toHex(parseEther(eth))] as any,
  });
  return wallet;
}

/** Sends what the API returned, exactly (type 4 when it carries authorizations); the gas it used. */
async function send(wallet: Awaited<ReturnType<typeof freshWallet>>, tx: any): Promise<bigint> {
  const hash = await wallet.sendTransaction({
    to: tx.to as Address,
    data: tx.data as Hex,
    value: BigInt(tx.value),
    gas: BigInt(tx.gas),
    nonce: Number(tx.nonce),
    maxFeePerGas: BigInt(tx.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
    ...(tx.authorizationList && {
      authorizationList: tx.authorizationList.map((a: any) => ({ ...a, r: a.r as Hex, s: a.s as Hex })),
    }),
  } as any);
  const receipt = await minedReceipt(wallet, hash);
  if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
  return receipt.gasUsed;
}

/**
 * (issue 14) Gas of a 3-step bundle against the same three steps sent as separate transactions, in the same run:
 * wrap ETH, approve the WETH vault, deposit into it. The first bundle also carries the EOA's EIP-7702 delegation
 * (a type-4 transaction); a later bundle from the delegated EOA does not.
 */
export const bundler: BenchSection = {
  name: "bundler",
  async run({ stack, url }) {
    const book = addressBookFor(stack);
    const vault = book.chains[CHAIN].contracts.Erc4626VaultWETH as Address;
    const body = (sender: Address) => ({ chain: CHAIN, sender });
    const steps = [
      { action_type: "WRAP_ETH", amount: "1" },
      { action_type: "SET_ALLOWANCE", token: "WETH", contract: vault, amount: "1" },
      { action_type: "VAULT_DEPOSIT", vault_address: vault, amount: "1" },
    ];

    // baseline: three transactions, each built by its own v1 write
    const alone = await freshWallet(book, "5");
    const sender = alone.account.address;
    let separate = 0n;
    const [wrap, approve, deposit] = steps;
    separate += await send(
      alone,
      (await postOk(url, "/v1/generic/wrap_eth", { ...body(sender), ...wrap })).transaction,
    );
    separate += await send(
      alone,
      (await postOk(url, "/v1/generic/allowance/set", { ...body(sender), ...approve })).transaction,
    );
    separate += await send(
      alone,
      (await postOk(url, "/v1/vaults/deposit", { ...body(sender), ...deposit })).transaction,
    );

    // the same three steps as one bundle: first with the delegation, then from the delegated EOA
    const user = await freshWallet(book, "5");
    const auth = await postOk(url, "/v1/transaction_bundler/authorization", body(user.account.address));
    const signed = await user.signAuthorization({
      contractAddress: auth.address,
      chainId: auth.chainId,
      nonce: auth.nonce,
    });
    const actions = steps.map((s) => ({ body: s }));
    const started = performance.now();
    const first = await postOk(url, "/v1/transaction_bundler/execute", {
      ...body(user.account.address),
      signed_authorization: {
        nonce: signed.nonce,
        address: signed.address,
        chainId: signed.chainId,
        r: signed.r,
        s: signed.s,
        yParity: signed.yParity,
      },
      actions,
    });
    const buildMs = performance.now() - started;
    const firstGas = await send(user, first.transaction);
    const later = await postOk(url, "/v1/transaction_bundler/execute", {
      ...body(user.account.address),
      actions,
    });
    const laterGas = await send(user, later.transaction);

    const row = (metric: string, value: number | string, unit?: string, note?: string): BenchRow => ({
      section: "bundler",
      metric,
      value,
      unit,
      note,
    });
    return [
      row("wrap + approve + deposit as three transactions (baseline)", Number(separate), "gas"),
      row(
        "the same as one EIP-7702 bundle, with the delegation",
        Number(firstGas),
        "gas",
        `${(Number(firstGas) / Number(separate)).toFixed(2)}× the three transactions`,
      ),
      row(
        "the same as one bundle from the delegated EOA",
        Number(laterGas),
        "gas",
        `${(Number(laterGas) / Number(separate)).toFixed(2)}× the three transactions`,
      ),
      row(
        "building the 3-step bundle (each step checked on the state the one before leaves)",
        buildMs.toFixed(1),
        "ms",
      ),
    ];
  },
};
