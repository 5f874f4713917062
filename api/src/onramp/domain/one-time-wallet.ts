/**
 * One-time deposit wallets (spec onramp.md §6): one per payment, owned only by the buyer's wallet, at a CREATE2
 * address computed here before anything is deployed. The factory lives at the same address wherever it is
 * deployed through the Safe singleton factory; devnet/test checks both constants against the compiled contracts.
 */
import { encodeAbiParameters, getAddress, getContractAddress, type Hex, keccak256, toHex } from "viem";

/** OneTimeWalletFactory, deployed with salt 0 through the Safe singleton factory. */
export const ONE_TIME_WALLET_FACTORY = "0x93b90e3FEEA09fCBAD37BF43a33DB1C1A8fe2cCc" as const;
/** keccak256 of OneTimeWallet's creation code (it takes no constructor arguments). */
export const ONE_TIME_WALLET_INIT_CODE_HASH =
  "0x54d1387de288ae84e889b6968ea733478bfbc05e7987e1ef66a91278411e6e14" as const;

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
