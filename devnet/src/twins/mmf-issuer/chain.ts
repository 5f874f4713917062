import { fundShareTokenAbi, MMF_CHAIN, MMF_SYMBOL, USDC } from "@compass/constants";
import { type Address, encodeFunctionData, erc20Abi, type Hex, type PublicClient } from "viem";
import type { DevnetAddressBook } from "../../addressbook.ts";
import { roleOnChain } from "../kit/index.ts";

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
  const { client, address, send, now } = roleOnChain(book, devnetDir, MMF_CHAIN, "fund_issuer");
  const usdc = USDC[MMF_CHAIN]!.address;
  const token = (functionName: "mint" | "burn" | "setAllowed" | "transfer", args: readonly unknown[]) =>
    encodeFunctionData({ abi: fundShareTokenAbi, functionName, args } as any);

  return {
    client,
    issuer: address,
    fundToken,
    usdc,
    async latestBlock() {
      const block = await client.getBlock({ blockTag: "latest" });
      return { number: Number(block.number), timestamp: Number(block.timestamp) };
    },
    now,
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
