import { erc20ErrorsAbi, PERMIT2, permit2Abi } from "@compass/constants";
import {
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  isAddress,
  isAddressEqual,
  type PublicClient,
  parseSignature,
} from "viem";
import { describeRevert, RevertError } from "../../../kernel/chain/revert.ts";
import {
  buildUnsignedTransaction,
  prefetchTxFields,
  type UnsignedTx,
} from "../../../kernel/chain/transaction.ts";
import { fieldError } from "../../../kernel/errors.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import type { Product, TypedDataPayload } from "../../../product-accounts/index.ts";
import { productAccountAddress } from "../../../product-accounts/index.ts";
import { ownerSignature } from "./signature.ts";

const LOC = ["body", "eip_712"];
const eip2612Abi = [
  {
    type: "function",
    name: "permit",
    stateMutability: "nonpayable",
    inputs: [
      { name: "owner", type: "address" },
      { name: "spender", type: "address" },
      { name: "value", type: "uint256" },
      { name: "deadline", type: "uint256" },
      { name: "v", type: "uint8" },
      { name: "r", type: "bytes32" },
      { name: "s", type: "bytes32" },
    ],
    outputs: [],
  },
] as const;

function addressAt(value: unknown, loc: string[]): Address {
  if (typeof value !== "string" || !isAddress(value, { strict: false }))
    throw fieldError(loc, "Expected an address");
  return getAddress(value.toLowerCase());
}

const big = (value: unknown, loc: string[]): bigint => {
  if ((typeof value !== "string" && typeof value !== "number") || !/^[0-9]{1,78}$/.test(String(value)))
    throw fieldError(loc, "Expected an unsigned integer");
  return BigInt(String(value));
};

/** What every sponsored `prepare` works from: the owner's signed payload and who sends (and pays). */
export interface PrepareInput {
  client: PublicClient;
  chain: ChainName;
  owner: Address;
  sender: Address;
  product?: Product;
  payload: TypedDataPayload;
  signature: Hex;
}

function build(input: PrepareInput, to: Address, data: Hex, abis = [erc20ErrorsAbi]): Promise<UnsignedTx> {
  const fields = prefetchTxFields(input.client, input.chain, input.sender);
  return buildUnsignedTransaction(input.client, input.chain, { from: input.sender, to, data }, fields, {
    explain: (revert) => {
      throw new RevertError(describeRevert(revert, abis));
    },
  });
}

/** EIP-2612 Permit → `token.permit(...)` sent by the sponsor (e.g. the one-time Permit2 approval). */
export async function preparePermit(input: PrepareInput): Promise<UnsignedTx> {
  const m = input.payload.message;
  const token = addressAt(input.payload.domain.verifyingContract, [...LOC, "domain", "verifyingContract"]);
  if (!isAddressEqual(addressAt(m.owner, [...LOC, "message", "owner"]), input.owner))
    throw fieldError(
      [...LOC, "message", "owner"],
      `The permit is for ${m.owner}, not the owner ${input.owner}`,
    );
  const { r, s, v } = parseSignature(await ownerSignature(input.payload, input.signature, input.owner));
  const data = encodeFunctionData({
    abi: eip2612Abi,
    functionName: "permit",
    args: [
      input.owner,
      addressAt(m.spender, [...LOC, "message", "spender"]),
      big(m.value, [...LOC, "message", "value"]),
      big(m.deadline, [...LOC, "message", "deadline"]),
      Number(v),
      r,
      s,
    ],
  });
  return build(input, token, data);
}

/**
 * Permit2 PermitTransferFrom → `permitTransferFrom`, pulling the tokens into the owner's product account.
 * Permit2 only honours the signed `spender` as caller, so it must be the sponsor that sends this.
 */
export async function preparePermit2(input: PrepareInput): Promise<UnsignedTx> {
  const m = input.payload.message as Record<string, any>;
  if (
    !isAddressEqual(
      addressAt(input.payload.domain.verifyingContract, [...LOC, "domain", "verifyingContract"]),
      PERMIT2,
    )
  )
    throw fieldError([...LOC, "domain", "verifyingContract"], `Must be Permit2 (${PERMIT2})`);
  const spender = addressAt(m.spender, [...LOC, "message", "spender"]);
  if (!isAddressEqual(spender, input.sender)) {
    throw fieldError(
      [...LOC, "message", "spender"],
      `Permit2 only lets the signed spender (${spender}) pull the tokens; request the deposit with spender = ${input.sender} (the sponsor), or use the signature in a bundle`,
    );
  }
  const token = addressAt(m.permitted?.token, [...LOC, "message", "permitted", "token"]);
  const amount = big(m.permitted?.amount, [...LOC, "message", "permitted", "amount"]);
  const signature = await ownerSignature(input.payload, input.signature, input.owner);
  const to = productAccountAddress(input.owner, input.product ?? "earn");
  const data = encodeFunctionData({
    abi: permit2Abi,
    functionName: "permitTransferFrom",
    args: [
      {
        permitted: { token, amount },
        nonce: big(m.nonce, [...LOC, "message", "nonce"]),
        deadline: big(m.deadline, [...LOC, "message", "deadline"]),
      },
      { to, requestedAmount: amount },
      input.owner,
      signature,
    ],
  });
  return build(input, PERMIT2, data, [permit2Abi as any, erc20ErrorsAbi]);
}
