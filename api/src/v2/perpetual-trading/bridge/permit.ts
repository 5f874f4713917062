import { BRIDGE2, MULTICALL3, USDC } from "@compass/constants";
import { type Address, erc20Abi, type Hex, type PublicClient, parseAbi, recoverTypedDataAddress } from "viem";
import { multicall3Abi } from "../../../kernel/chain/multicall.ts";

const ARBITRUM_USDC = USDC.arbitrum!;
const noncesAbi = parseAbi(["function nonces(address owner) view returns (uint256)"]);

const PERMIT = [
  { name: "owner", type: "address" },
  { name: "spender", type: "address" },
  { name: "value", type: "uint256" },
  { name: "nonce", type: "uint256" },
  { name: "deadline", type: "uint256" },
];
const DOMAIN = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" },
  { name: "verifyingContract", type: "address" },
];

const domain = () => ({
  name: ARBITRUM_USDC.permit!.name,
  version: ARBITRUM_USDC.permit!.version,
  chainId: 42161,
  verifyingContract: ARBITRUM_USDC.address,
});

/** The EIP-2612 permit of Arbitrum USDC that lets the venue's bridge pull `value` from `owner` (wire form). */
export function bridgePermit(owner: Address, value: bigint, nonce: bigint, deadline: bigint) {
  return {
    domain: domain(),
    types: { EIP712Domain: DOMAIN, Permit: PERMIT },
    primaryType: "Permit",
    message: {
      owner,
      spender: BRIDGE2,
      value: value.toString(),
      nonce: nonce.toString(),
      deadline: deadline.toString(),
    },
  };
}

/** Who signed that permit (undefined for a signature that recovers nobody). */
export function permitSigner(
  owner: Address,
  value: bigint,
  nonce: bigint,
  deadline: bigint,
  signature: Hex,
): Promise<Address | undefined> {
  return recoverTypedDataAddress({
    domain: domain(),
    types: { Permit: PERMIT },
    primaryType: "Permit",
    message: { owner, spender: BRIDGE2, value, nonce, deadline },
    signature,
  }).catch(() => undefined);
}

/** The owner's USDC balance and permit nonce, and chain time — one batched eth_call. */
export async function permitState(client: PublicClient, owner: Address) {
  const [balance, nonce, now] = await Promise.all([
    client.readContract({
      address: ARBITRUM_USDC.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [owner],
    }),
    client.readContract({
      address: ARBITRUM_USDC.address,
      abi: noncesAbi,
      functionName: "nonces",
      args: [owner],
    }),
    client.readContract({
      address: MULTICALL3,
      abi: multicall3Abi,
      functionName: "getCurrentBlockTimestamp",
    }),
  ]);
  return { balance, nonce, now };
}

export { ARBITRUM_USDC };
