import { randomBytes } from "node:crypto";
import { PERMIT2, permit2Abi } from "@compass/constants";
import { type Address, encodeFunctionData, type Hex } from "viem";
import { jsonInt } from "../../kernel/lib/amounts.ts";
import type { AccountCall } from "./multisend.ts";
import type { TypedDataPayload } from "./safe-tx.ts";

export const PERMIT2_TYPES: TypedDataPayload["types"] = {
  EIP712Domain: [
    { name: "name", type: "string" },
    { name: "chainId", type: "uint256" },
    { name: "verifyingContract", type: "address" },
  ],
  PermitTransferFrom: [
    { name: "permitted", type: "TokenPermissions" },
    { name: "spender", type: "address" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
  TokenPermissions: [
    { name: "token", type: "address" },
    { name: "amount", type: "uint256" },
  ],
};

/**
 * A fresh unordered Permit2 nonce. Permit2 keeps one bit per nonce, so any unused value works; 52 random
 * bits keep it an exact JSON integer (the spec's `nonce: int`) with a negligible chance of reuse.
 */
export function randomPermit2Nonce(): bigint {
  return BigInt(`0x${randomBytes(7).toString("hex")}`) & ((1n << 52n) - 1n);
}

/** Permit2 `PermitTransferFrom` typed data (spec README §6): one signature lets `spender` pull `amount`. */
export function permit2TransferTypedData(p: {
  chainId: number;
  token: Address;
  amount: bigint;
  spender: Address;
  nonce: bigint;
  deadline: bigint;
}): TypedDataPayload {
  return {
    domain: { name: "Permit2", chainId: p.chainId, verifyingContract: PERMIT2 },
    types: PERMIT2_TYPES,
    primaryType: "PermitTransferFrom",
    message: {
      permitted: { token: p.token, amount: jsonInt(p.amount) },
      spender: p.spender,
      nonce: jsonInt(p.nonce),
      deadline: jsonInt(p.deadline),
    },
  };
}

/**
 * The account's call that pulls `amount` of `token` from `owner` with the owner's Permit2 signature (spender:
 * the account), as a sponsored `transfer` DEPOSIT without `spender` produced it.
 */
export function permit2PullCall(p: {
  token: Address;
  amount: bigint;
  owner: Address;
  account: Address;
  nonce: bigint;
  deadline: bigint;
  signature: Hex;
}): AccountCall {
  return {
    to: PERMIT2,
    data: encodeFunctionData({
      abi: permit2Abi,
      functionName: "permitTransferFrom",
      args: [
        { permitted: { token: p.token, amount: p.amount }, nonce: p.nonce, deadline: p.deadline },
        { to: p.account, requestedAmount: p.amount },
        p.owner,
        p.signature,
      ],
    }),
  };
}
