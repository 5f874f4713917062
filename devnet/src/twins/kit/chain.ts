import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { RoleName } from "../../accounts.ts";
import type { DevnetAddressBook } from "../../addressbook.ts";
import { chainSpecByName, type DevnetChainName } from "../../config.ts";
import { minedReceipt } from "../../receipt.ts";
import { viemChain } from "../../rpc.ts";
import { devnetClock } from "./clock.ts";

/** A role account acting on one devnet chain, as a twin does: reads, its own transactions, devnet time. */
export interface RoleOnChain {
  chain: DevnetChainName;
  /** reads never cached (cacheTime 0): a pass right after a transaction must see its block */
  client: PublicClient;
  /** the role's address */
  address: Address;
  /**
   * Sends `data` to `to` as the role and resolves with the hash once mined; throws "`chain`: `what` reverted
   * (hash)". One transaction at a time, in call order, so nonces never race and the twin's order holds.
   */
  send(to: Address, data: Hex, what: string): Promise<Hex>;
  /** devnet time: the later of the latest block's timestamp and wall clock + the devnet clock offset */
  now(): Promise<number>;
}

/** `role` on `chain` of the address book; throws when the book lists no such chain. */
export function roleOnChain(
  book: DevnetAddressBook,
  devnetDir: string,
  chain: DevnetChainName,
  role: RoleName,
): RoleOnChain {
  const entry = book.chains[chain];
  if (!entry) throw new Error(`the address book lists no ${chain} chain`);
  const viem = viemChain(chainSpecByName(chain), entry.rpcUrl);
  const transport = http(entry.rpcUrl, { retryCount: 0 });
  const client = createPublicClient({
    chain: viem,
    transport,
    cacheTime: 0,
    pollingInterval: 50,
  }) as PublicClient;
  const account = privateKeyToAccount(book.roles[role].privateKey);
  const wallet = createWalletClient({ chain: viem, transport, account });
  const wallClock = devnetClock(devnetDir);
  let queue: Promise<unknown> = Promise.resolve();
  return {
    chain,
    client,
    address: account.address,
    send(to, data, what) {
      const run = queue.then(async () => {
        const hash = await wallet.sendTransaction({ to, data });
        const receipt = await minedReceipt(client, hash, { pollingInterval: 50 });
        if (receipt.status !== "success") throw new Error(`${chain}: ${what} reverted (${hash})`);
        return hash;
      });
      queue = run.catch(() => {});
      return run;
    },
    async now() {
      const block = await client.getBlock({ blockTag: "latest" });
      return Math.max(Number(block.timestamp), wallClock());
    },
  };
}
