import { fundShareTokenAbi, MMF_CHAIN, MMF_SYMBOL, USDC } from "@compass/constants";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { DevnetAddressBook } from "../../addressbook.ts";
import { chainSpecByName } from "../../config.ts";
import { minedReceipt } from "../../receipt.ts";
import { viemChain } from "../../rpc.ts";
import { devnetClock } from "../kit/index.ts";

/** The issuer's view of its chain: the fund token, USDC, its own key, and devnet time. */
export interface IssuerChain {
  client: PublicClient;
  issuer: Address;
  fundToken: Address;
  usdc: Address;
  /** devnet time: the later of the latest block and wall clock + the devnet clock offset */
  now(): Promise<number>;
  latestBlock(): Promise<{ number: number; timestamp: number }>;
  send(to: Address, data: Hex, what: string): Promise<Hex>;
  mintShares(to: Address, shares: bigint): Promise<Hex>;
  burnShares(shares: bigint): Promise<Hex>;
  payUsdc(to: Address, amount: bigint): Promise<Hex>;
  returnShares(to: Address, shares: bigint): Promise<Hex>;
  setAllowed(account: Address, allowed: boolean): Promise<Hex>;
}

export function issuerChain(book: DevnetAddressBook, devnetDir: string): IssuerChain {
  const entry = book.chains[MMF_CHAIN];
  const fundToken = book.tokens?.[MMF_CHAIN]?.[MMF_SYMBOL]?.address;
  if (!entry || !fundToken) throw new Error(`the address book lists no ${MMF_SYMBOL} on ${MMF_CHAIN}`);
  const chain = viemChain(chainSpecByName(MMF_CHAIN), entry.rpcUrl);
  const transport = http(entry.rpcUrl, { retryCount: 0 });
  // cacheTime 0: viem would otherwise serve a cached block number to a pass right after another one,
  // and a tick requested just after a transaction must see that transaction's block.
  const client = createPublicClient({ chain, transport, pollingInterval: 50, cacheTime: 0 }) as PublicClient;
  const account = privateKeyToAccount(book.roles.fund_issuer.privateKey);
  const wallet = createWalletClient({ chain, transport, account });
  const usdc = USDC[MMF_CHAIN]!.address;
  const wallClock = devnetClock(devnetDir);

  // One transaction at a time: settlement order matters and nonces must not race.
  let queue: Promise<unknown> = Promise.resolve();
  const send = (to: Address, data: Hex, what: string): Promise<Hex> => {
    const run = queue.then(async () => {
      const hash = await wallet.sendTransaction({ to, data });
      const receipt = await minedReceipt(client, hash, { pollingInterval: 50 });
      if (receipt.status !== "success") throw new Error(`${what} reverted (${hash})`);
      return hash;
    });
    queue = run.catch(() => {});
    return run;
  };
  const token = (functionName: "mint" | "burn" | "setAllowed" | "transfer", args: readonly unknown[]) =>
    encodeFunctionData({ abi: fundShareTokenAbi, functionName, args } as any);

  return {
    client,
    issuer: account.address,
    fundToken,
    usdc,
    async latestBlock() {
      const block = await client.getBlock({ blockTag: "latest" });
      return { number: Number(block.number), timestamp: Number(block.timestamp) };
    },
    async now() {
      const { timestamp } = await this.latestBlock();
      return Math.max(timestamp, wallClock());
    },
    send,
    mintShares: (to, shares) => send(fundToken, token("mint", [to, shares]), "mint"),
    burnShares: (shares) => send(fundToken, token("burn", [shares]), "burn"),
    returnShares: (to, shares) => send(fundToken, token("transfer", [to, shares]), "return shares"),
    setAllowed: (account, allowed) => send(fundToken, token("setAllowed", [account, allowed]), "allow-list"),
    payUsdc: (to, amount) =>
      send(
        usdc,
        encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] }),
        "payout",
      ),
  };
}
