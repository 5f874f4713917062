import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  maxUint256,
  parseEventLogs,
  parseUnits,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { DevnetAddressBook } from "../../addressbook.ts";
import { chainSpecByName } from "../../config.ts";
import { fiatTokenAbi } from "../../contracts/abi.ts";
import { oneTimeWalletAbi, oneTimeWalletFactoryAbi } from "../../contracts/one-time-wallet.ts";
import { viemChain } from "../../rpc.ts";
import type { StoredSession } from "./state.ts";

export interface DeliveryResult {
  txHash: Hex;
  /** false while the token refuses to pay the owner: the USDC waits in the one-time wallet */
  forwarded: boolean;
}

/** Settles payments in USDC on Ethereum from the provider's treasury. */
export interface Deliverer {
  deliver(session: StoredSession): Promise<DeliveryResult>;
  retryForward(session: StoredSession): Promise<DeliveryResult>;
}

/** Treasury top-ups mint at least this much (the treasury is a USDC minter, as a provider using Circle Mint). */
const TOP_UP = parseUnits("1000000", 6);

/**
 * The devnet's deliverer: signs locally with the treasury key, like a provider's hot wallet. A session whose
 * wallet is the one-time wallet of (metadata.destination_address, metadata.one_time_wallet_salt) is settled
 * in one transaction through the factory (deploy, pay, forward); any other wallet gets a plain transfer.
 * Transactions are sent one at a time so nonces never collide.
 */
export function chainDeliverer(book: DevnetAddressBook): Deliverer {
  const entry = book.chains.ethereum;
  // A devnet without Ethereum (tests of other capabilities run one chain) still serves quotes and payments.
  if (!entry) return { deliver: noChain, retryForward: noChain };
  const chain = viemChain(chainSpecByName("ethereum"), entry.rpcUrl);
  const transport = http(entry.rpcUrl, { retryCount: 1 });
  const account = privateKeyToAccount(book.roles.onramp_treasury.privateKey);
  const reader = createPublicClient({ chain, transport, pollingInterval: 100 });
  const writer = createWalletClient({ chain, transport, account });
  const usdc = entry.contracts.USDC as Address;
  const factory = entry.contracts.OneTimeWalletFactory as Address;
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };

  const send = async (address: Address, abi: any, functionName: string, args: unknown[]) => {
    const hash = await writer.writeContract({ address, abi, functionName, args } as any);
    const receipt = await reader.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${functionName} reverted (tx ${hash})`);
    return receipt;
  };
  const read = (address: Address, functionName: string, args: unknown[]) =>
    reader.readContract({ address, abi: fiatTokenAbi, functionName, args } as any) as Promise<bigint>;

  const fund = async (amount: bigint, spender?: Address) => {
    if ((await read(usdc, "balanceOf", [account.address])) < amount)
      await send(usdc, fiatTokenAbi, "mint", [account.address, amount > TOP_UP ? amount : TOP_UP]);
    if (spender && (await read(usdc, "allowance", [account.address, spender])) < amount)
      await send(usdc, fiatTokenAbi, "approve", [spender, maxUint256]);
  };

  // The factory's own `walletAddress` says whether the session's wallet is the one of (owner, salt): the
  // provider trusts the contract, not the merchant's arithmetic.
  const oneTimeWallet = async (s: StoredSession): Promise<OneTimeWallet | undefined> => {
    const claim = walletClaim(s);
    if (!claim) return undefined;
    const wallet = await reader.readContract({
      address: factory,
      abi: oneTimeWalletFactoryAbi,
      functionName: "walletAddress",
      args: [claim.owner, claim.salt],
    });
    return wallet.toLowerCase() === s.walletAddress.toLowerCase() ? { ...claim, wallet } : undefined;
  };

  // A twin stopped between sending a delivery and saving its outcome finds it on chain after a restart.
  const findDelivery = async (wallet: Address): Promise<DeliveryResult | undefined> => {
    const done = await reader.readContract({
      address: factory,
      abi: oneTimeWalletFactoryAbi,
      functionName: "delivered",
      args: [wallet],
    });
    if (!done) return undefined;
    const [log] = await reader.getContractEvents({
      address: factory,
      abi: oneTimeWalletFactoryAbi,
      eventName: "Delivered",
      args: { wallet },
      fromBlock: 0n,
    });
    if (!log) throw new Error(`${wallet} was delivered to, but its Delivered event is missing`);
    return { txHash: log.transactionHash, forwarded: !!log.args.forwarded };
  };

  return {
    deliver: (s) =>
      serial(async () => {
        const amount = parseUnits(s.destinationAmount, 6);
        const otw = await oneTimeWallet(s);
        if (!otw) {
          await fund(amount);
          const receipt = await send(usdc, fiatTokenAbi, "transfer", [s.walletAddress, amount]);
          return { txHash: receipt.transactionHash, forwarded: true };
        }
        const earlier = await findDelivery(otw.wallet);
        if (earlier) return earlier;
        await fund(amount, factory);
        const receipt = await send(factory, oneTimeWalletFactoryAbi, "deliver", [
          usdc,
          otw.owner,
          otw.salt,
          amount,
        ]);
        const [event] = parseEventLogs({
          abi: oneTimeWalletFactoryAbi,
          logs: receipt.logs,
          eventName: "Delivered",
        });
        return { txHash: receipt.transactionHash, forwarded: !!event?.args.forwarded };
      }),
    retryForward: (s) =>
      serial(async () => {
        const otw = await oneTimeWallet(s);
        if (!otw) throw new Error(`${s.id} has no one-time wallet to forward from`);
        const receipt = await send(factory, oneTimeWalletFactoryAbi, "forward", [usdc, otw.owner, otw.salt]);
        const forwardedHere =
          parseEventLogs({ abi: oneTimeWalletAbi, logs: receipt.logs, eventName: "Forwarded" }).length > 0;
        const left = await read(usdc, "balanceOf", [s.walletAddress]);
        return { txHash: receipt.transactionHash, forwarded: forwardedHere || left === 0n };
      }),
  };
}

async function noChain(): Promise<never> {
  throw new Error("this devnet runs no ethereum chain to deliver on");
}

interface OneTimeWallet {
  owner: Address;
  salt: Hex;
  wallet: Address;
}

/** The owner and salt a session's metadata names for its one-time wallet, when both are well formed. */
function walletClaim(s: StoredSession): { owner: Address; salt: Hex } | undefined {
  const owner = s.metadata.destination_address as Address | undefined;
  const salt = s.metadata.one_time_wallet_salt as Hex | undefined;
  if (!owner || !salt || !/^0x[0-9a-fA-F]{64}$/.test(salt) || !/^0x[0-9a-fA-F]{40}$/.test(owner))
    return undefined;
  return { owner, salt };
}
