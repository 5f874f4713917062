/**
 * One-time deposit wallets (spec onramp.md §6): one per payment, owned only by the buyer's wallet, at a CREATE2
 * address computed here before anything is deployed. The factory lives at the same address wherever it is
 * deployed through the Safe singleton factory; a devnet test checks both constants
 * (in @compass/constants) against the compiled contracts.
 */
import { ONE_TIME_WALLET_FACTORY, ONE_TIME_WALLET_INIT_CODE_HASH } from "@compass/constants";
import { encodeAbiParameters, getAddress, getContractAddress, type Hex, keccak256, toHex } from "viem";

/** The deposit address of (owner, salt): what the factory's `walletAddress(owner, salt)` returns. */
export function oneTimeWalletAddress(
  owner: `0x${string}`,
  salt: Hex,
  factory: `0x${string}` = ONE_TIME_WALLET_FACTORY,
): `0x${string}` {
  return getContractAddress({
    opcode: "CREATE2",
    from: factory,
    salt: keccak256(
      encodeAbiParameters([{ type: "address" }, { type: "bytes32" }], [getAddress(owner), salt]),
    ),
    bytecodeHash: ONE_TIME_WALLET_INIT_CODE_HASH,
  });
}

/**
 * A fresh salt per payment. With an Idempotency-Key the salt derives from it, so a retried `create` asks the
 * provider for exactly the same payment (same deposit address) and gets the original back.
 */
export function paymentSalt(idempotencyKey?: string): Hex {
  if (idempotencyKey) return keccak256(toHex(`compass.onramp.v1:${idempotencyKey}`));
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}
