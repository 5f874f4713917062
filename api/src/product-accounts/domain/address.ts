import {
  type Address,
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  keccak256,
  zeroAddress,
} from "viem";
import { type Product, productSaltNonce } from "./products.ts";
import { SAFE, safeAbi, safeProxyFactoryAbi } from "./safe.ts";
import { SAFE_PROXY_CREATION_CODE } from "./safe-proxy-code.ts";

/** `setup([owner], 1, 0x0, 0x, fallbackHandler, 0x0, 0, 0x0)`: a 1-of-1 Safe with the compatibility handler. */
export function safeInitializer(owner: Address): Hex {
  return encodeFunctionData({
    abi: safeAbi,
    functionName: "setup",
    args: [[owner], 1n, zeroAddress, "0x", SAFE.fallbackHandler, zeroAddress, 0n, zeroAddress],
  });
}

const cache = new Map<string, Address>();

/**
 * The product account's address, computed offline exactly as SafeProxyFactory.createProxyWithNonce
 * derives it: CREATE2 from the factory with salt keccak256(keccak256(initializer) ‖ saltNonce) over the
 * proxy creation code followed by the singleton address.
 */
export function productAccountAddress(owner: Address, product: Product): Address {
  const key = `${owner.toLowerCase()}:${product}`;
  let address = cache.get(key);
  if (!address) {
    const salt = keccak256(
      concat([
        keccak256(safeInitializer(owner)),
        encodeAbiParameters([{ type: "uint256" }], [productSaltNonce(product)]),
      ]),
    );
    const bytecode = concat([
      SAFE_PROXY_CREATION_CODE,
      encodeAbiParameters([{ type: "address" }], [SAFE.singleton]),
    ]);
    address = getContractAddress({ opcode: "CREATE2", from: SAFE.proxyFactory, salt, bytecode });
    if (cache.size > 10_000) cache.clear();
    cache.set(key, address);
  }
  return address;
}

/** Calldata of the factory call that deploys the account at `productAccountAddress(owner, product)`. */
export function createAccountCall(owner: Address, product: Product): { to: Address; data: Hex } {
  return {
    to: SAFE.proxyFactory,
    data: encodeFunctionData({
      abi: safeProxyFactoryAbi,
      functionName: "createProxyWithNonce",
      args: [SAFE.singleton, safeInitializer(owner), productSaltNonce(product)],
    }),
  };
}
