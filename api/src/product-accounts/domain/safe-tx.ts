import { type Address, encodeFunctionData, type Hex, pad, zeroAddress } from "viem";
import { type AccountCall, encodeMultiSend } from "./multisend.ts";
import { SAFE, safeAbi } from "./safe.ts";

/** A Safe transaction (the SafeTx EIP-712 struct); gas refunds are never used (all zero). */
export interface SafeTx {
  to: Address;
  value: bigint;
  data: Hex;
  /** 0 = call, 1 = delegatecall */
  operation: 0 | 1;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: Address;
  refundReceiver: Address;
  nonce: bigint;
}

/** One call runs directly; several run atomically through MultiSendCallOnly (delegatecall). */
export function safeTxFor(calls: AccountCall[], nonce: bigint): SafeTx {
  if (calls.length === 0) throw new Error("a Safe transaction needs at least one call");
  const single = calls.length === 1 ? calls[0]! : undefined;
  return {
    to: single ? single.to : SAFE.multiSendCallOnly,
    value: single?.value ?? 0n,
    data: single ? single.data : encodeMultiSend(calls),
    operation: single ? 0 : 1,
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    nonce,
  };
}

/** EIP-712 payload as the API returns it: plain JSON, exactly what the owner signs. */
export interface TypedDataPayload {
  domain: Record<string, unknown>;
  types: Record<string, { name: string; type: string }[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

export const SAFE_TX_TYPES: TypedDataPayload["types"] = {
  EIP712Domain: [
    { name: "chainId", type: "uint256" },
    { name: "verifyingContract", type: "address" },
  ],
  SafeTx: [
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "data", type: "bytes" },
    { name: "operation", type: "uint8" },
    { name: "safeTxGas", type: "uint256" },
    { name: "baseGas", type: "uint256" },
    { name: "gasPrice", type: "uint256" },
    { name: "gasToken", type: "address" },
    { name: "refundReceiver", type: "address" },
    { name: "nonce", type: "uint256" },
  ],
};

/** The SafeTx payload the owner signs (spec README §6: numbers as strings except `operation`). */
export function safeTxTypedData(account: Address, chainId: number, tx: SafeTx): TypedDataPayload {
  return {
    domain: { chainId, verifyingContract: account },
    types: SAFE_TX_TYPES,
    primaryType: "SafeTx",
    message: {
      to: tx.to,
      value: tx.value.toString(),
      data: tx.data,
      operation: tx.operation,
      safeTxGas: tx.safeTxGas.toString(),
      baseGas: tx.baseGas.toString(),
      gasPrice: tx.gasPrice.toString(),
      gasToken: tx.gasToken,
      refundReceiver: tx.refundReceiver,
      nonce: tx.nonce.toString(),
    },
  };
}

/**
 * Safe's "pre-validated" signature (r = owner, s = 0, v = 1): accepted when the owner itself sends
 * execTransaction, so an owner-paid action needs no signature round-trip.
 */
export function prevalidatedSignature(owner: Address): Hex {
  return `${pad(owner.toLowerCase() as Hex, { size: 32 })}${"00".repeat(32)}01` as Hex;
}

export function execTransactionData(tx: SafeTx, signatures: Hex): Hex {
  return encodeFunctionData({
    abi: safeAbi,
    functionName: "execTransaction",
    args: [
      tx.to,
      tx.value,
      tx.data,
      tx.operation,
      tx.safeTxGas,
      tx.baseGas,
      tx.gasPrice,
      tx.gasToken,
      tx.refundReceiver,
      signatures,
    ],
  });
}
