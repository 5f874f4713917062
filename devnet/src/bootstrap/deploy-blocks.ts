import { type Address, type Hex, hexToNumber, numberToHex, padHex } from "viem";
import type { DevnetClients } from "../rpc.ts";

/**
 * Where event reads may start for each devnet contract (the address book's `deployBlocks`), kept in the
 * chain itself so it survives restarts with the chain state and never disagrees with it: storage of this
 * code-marked address, slot = the contract's address, value = a block at or before its deployment (the
 * block the installing step started at). anvil keeps only recent history, so a deploy block cannot be
 * found again later by searching the chain.
 */
export const DEPLOY_BLOCK_LEDGER = "0x00000000000000000000000000000000De9B10C5" as const;

const slotOf = (address: Address): Hex => padHex(address.toLowerCase() as Hex, { size: 32 });

/** Records `block` for every address that has code and no entry yet. */
export async function recordDeployBlocks(clients: DevnetClients, addresses: Address[], block: bigint) {
  if ((await clients.public.getCode({ address: DEPLOY_BLOCK_LEDGER })) === undefined)
    await clients.test.setCode({ address: DEPLOY_BLOCK_LEDGER, bytecode: "0x00" });
  for (const address of addresses) {
    const current = await clients.public.getStorageAt({
      address: DEPLOY_BLOCK_LEDGER,
      slot: slotOf(address),
    });
    if (current && BigInt(current) !== 0n) continue;
    const code = await clients.public.getCode({ address });
    if (code === undefined || code === "0x") continue;
    // stored + 1, so block 0 (genesis) is distinguishable from "no entry"
    await clients.test.setStorageAt({
      address: DEPLOY_BLOCK_LEDGER,
      index: slotOf(address),
      value: numberToHex(block + 1n, { size: 32 }),
    });
  }
}

/** `deployBlocks` for the address book: lower-case address → block, for the addresses that have an entry. */
export async function readDeployBlocks(
  clients: DevnetClients,
  addresses: Address[],
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const address of addresses) {
    const value = await clients.public.getStorageAt({ address: DEPLOY_BLOCK_LEDGER, slot: slotOf(address) });
    if (value && BigInt(value) !== 0n) out[address.toLowerCase()] = hexToNumber(value) - 1;
  }
  return out;
}
