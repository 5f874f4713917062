import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  parseAbiItem,
  parseUnits,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { DevnetAddressBook } from "../../addressbook.ts";
import { chainSpecByName } from "../../config.ts";
import { fiatTokenAbi } from "../../contracts/abi.ts";
import { minedReceipt } from "../../receipt.ts";
import { viemChain } from "../../rpc.ts";
import type { StoredSession } from "./state.ts";

export interface DeliveryResult {
  txHash: Hex;
}

/** Settles payments in USDC on Ethereum from the provider's treasury: a plain transfer to the session's wallet. */
export interface Deliverer {
  /** the block to look for an earlier attempt's transfer from, recorded before sending */
  head(): Promise<bigint>;
  deliver(session: StoredSession): Promise<DeliveryResult>;
}

/** Treasury top-ups mint at least this much (the treasury is a USDC minter, as a provider using Circle Mint). */
const TOP_UP = parseUnits("1000000", 6);
const TRANSFER = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");

/**
 * The devnet's deliverer: signs locally with the treasury key, like a provider's hot wallet, and pays the
 * session's wallet address with a plain USDC `transfer` — as a real card provider does, it knows nothing of
 * what the address is (here, a one-time wallet not deployed yet) and calls no contract of the merchant's.
 * Transactions are sent one at a time so nonces never collide.
 */
export function chainDeliverer(book: DevnetAddressBook): Deliverer {
  const entry = book.chains.ethereum;
  // A devnet without Ethereum (tests of other capabilities run one chain) still serves quotes and payments.
  if (!entry) return { head: noChain, deliver: noChain };
  const chain = viemChain(chainSpecByName("ethereum"), entry.rpcUrl);
  const transport = http(entry.rpcUrl, { retryCount: 1 });
  const account = privateKeyToAccount(book.roles.onramp_treasury.privateKey);
  const reader = createPublicClient({ chain, transport, pollingInterval: 100 });
  const writer = createWalletClient({ chain, transport, account });
  const usdc = entry.contracts.USDC as Address;
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };

  const send = async (functionName: string, args: unknown[]) => {
    const hash = await writer.writeContract({ address: usdc, abi: fiatTokenAbi, functionName, args } as any);
    const receipt = await minedReceipt(reader, hash, { pollingInterval: 50 });
    if (receipt.status !== "success") throw new Error(`${functionName} reverted (tx ${hash})`);
    return receipt;
  };

  // A twin stopped between sending a payment and saving its outcome finds the transfer on chain after a
  // restart (from the block it noted before sending), so a payment is never paid twice.
  const earlier = async (s: StoredSession, amount: bigint): Promise<DeliveryResult | undefined> => {
    if (s.deliveryFromBlock === undefined) return undefined;
    const logs = await reader.getLogs({
      address: usdc,
      event: TRANSFER,
      args: { from: account.address, to: s.walletAddress },
      fromBlock: BigInt(s.deliveryFromBlock),
    });
    const log = logs.find((l) => l.args.value === amount);
    return log ? { txHash: log.transactionHash } : undefined;
  };

  return {
    head: () => reader.getBlockNumber({ cacheTime: 0 }),
    deliver: (s) =>
      serial(async () => {
        const amount = parseUnits(s.destinationAmount, 6);
        const found = await earlier(s, amount);
        if (found) return found;
        const balance = (await reader.readContract({
          address: usdc,
          abi: fiatTokenAbi,
          functionName: "balanceOf",
          args: [account.address],
        })) as bigint;
        if (balance < amount) await send("mint", [account.address, amount > TOP_UP ? amount : TOP_UP]);
        const receipt = await send("transfer", [s.walletAddress, amount]);
        return { txHash: receipt.transactionHash };
      }),
  };
}

async function noChain(): Promise<never> {
  throw new Error("this devnet runs no ethereum chain to deliver on");
}
