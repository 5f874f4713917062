import { type Address, getContractAddress, type Hex, keccak256, toBytes } from "viem";
import type { DevnetClients } from "../rpc.ts";
import { SAFE_SINGLETON_FACTORY } from "../safe.ts";
import { hasCode, sendAndConfirm } from "./tx.ts";

/** A readable salt: keccak256 of a label, so each capability's contracts get stable, distinct addresses. */
export function saltOf(label: string): Hex {
  return keccak256(toBytes(label));
}

const addresses = new Map<string, Address>();

/**
 * Where `initCode` lands when deployed with `salt` through the devnet's CREATE2 factory. Remembered: the
 * deployment tables (Aave, Uniswap, the issued tokens…) are derived again at every use, and hashing their init
 * code (tens of kB, keccak in JavaScript) again each time was a third of the launcher's CPU in a bootstrap.
 */
export function create2Address(initCode: Hex, salt: Hex): Address {
  const key = salt + initCode;
  let address = addresses.get(key);
  if (!address) {
    address = getContractAddress({
      opcode: "CREATE2",
      from: SAFE_SINGLETON_FACTORY,
      salt,
      bytecode: initCode,
    });
    addresses.set(key, address);
  }
  return address;
}

/** Deploys through the factory unless the code is already there (extensions run on every start). */
export async function ensureCreate2(
  clients: DevnetClients,
  deployment: { from: Address; initCode: Hex; salt: Hex; what: string },
): Promise<Address> {
  const address = create2Address(deployment.initCode, deployment.salt);
  if (await hasCode(clients, address)) return address;
  await sendAndConfirm(clients, {
    from: deployment.from,
    to: SAFE_SINGLETON_FACTORY,
    data: `${deployment.salt}${deployment.initCode.slice(2)}` as Hex,
    what: deployment.what,
  });
  if (!(await hasCode(clients, address))) throw new Error(`${deployment.what}: no code at ${address}`);
  return address;
}
