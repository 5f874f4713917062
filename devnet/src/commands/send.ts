import { createWalletClient, type Hex, http, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { DevnetAddressBook } from "../addressbook.ts";
import { chainSpecByName } from "../config.ts";
import { minedReceipt } from "../receipt.ts";
import { viemChain } from "../rpc.ts";

interface UnsignedTransaction {
  chainId: string;
  from: string;
  to: string;
  data: string;
  value?: string;
  gas?: string | null;
  nonce?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
}

/**
 * `devnet send --account <i>`: the dev wallet of the command line. Reads an UnsignedTransaction (or an
 * API response holding one under `transaction`) as JSON on stdin, signs it with dev account i (or
 * `--role sponsor`) and sends it exactly as given, to the chain its chainId names. Prints one JSON line.
 */
export async function sendFromStdin(
  book: DevnetAddressBook,
  who: { account?: string; role?: string },
  input: string,
) {
  const parsed = JSON.parse(input.trim() || "null");
  const tx: UnsignedTransaction | null = parsed && "transaction" in parsed ? parsed.transaction : parsed;
  if (!tx) {
    console.log(JSON.stringify({ sent: false, reason: "nothing to send (transaction is null)" }));
    return;
  }
  const key = who.role
    ? book.roles[who.role as keyof DevnetAddressBook["roles"]]?.privateKey
    : book.accounts.dev[Number(who.account ?? 0)]?.privateKey;
  if (!key)
    throw new Error(`no devnet key for ${who.role ? `role ${who.role}` : `dev account ${who.account}`}`);
  const account = privateKeyToAccount(key);
  if (account.address.toLowerCase() !== tx.from.toLowerCase())
    throw new Error(
      `the transaction is from ${tx.from}, not ${account.address}; pick the matching --account`,
    );
  const entry = Object.entries(book.chains).find(([, c]) => c.chainId === Number(tx.chainId));
  if (!entry) throw new Error(`no devnet chain with id ${Number(tx.chainId)}`);
  const [name, chain] = entry;
  const wallet = createWalletClient({
    account,
    chain: viemChain(chainSpecByName(name), chain.rpcUrl),
    transport: http(chain.rpcUrl),
  }).extend(publicActions);
  const hash = await wallet.sendTransaction({
    to: tx.to as Hex,
    data: tx.data as Hex,
    value: BigInt(tx.value ?? "0x0"),
    ...(tx.gas && { gas: BigInt(tx.gas) }),
    ...(tx.nonce && { nonce: Number(tx.nonce) }),
    ...(tx.maxFeePerGas && { maxFeePerGas: BigInt(tx.maxFeePerGas) }),
    ...(tx.maxPriorityFeePerGas && { maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas) }),
  });
  const receipt = await minedReceipt(wallet, hash, { pollingInterval: 50 });
  console.log(
    JSON.stringify({
      sent: true,
      chain: name,
      hash,
      status: receipt.status,
      block: Number(receipt.blockNumber),
    }),
  );
  if (receipt.status !== "success") process.exitCode = 1;
}
