import { MULTICALL3, PERMIT2, USDC } from "@compass/constants";
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  isAddress,
  maxUint256,
  type PublicClient,
} from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { isWrongContract, wrongContract } from "../../../kernel/chain/contract-check.ts";
import { namedTokens } from "../../../kernel/chain/erc20.ts";
import { multicall3Abi } from "../../../kernel/chain/multicall.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { describeRevert, RevertError } from "../../../kernel/chain/revert.ts";
import {
  buildUnsignedTransaction,
  prefetchTxFields,
  type UnsignedTx,
} from "../../../kernel/chain/transaction.ts";
import type { Config } from "../../../kernel/config/env.ts";
import { fieldError } from "../../../kernel/errors.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import type { TypedDataPayload } from "../../../product-accounts/index.ts";

const noncesAbi = [
  {
    type: "function",
    name: "nonces",
    stateMutability: "view",
    inputs: [{ type: "address" }],
    outputs: [{ type: "uint256" }],
  },
] as const;

/** A signed permit stays usable this long (chain time): enough to sign and relay. */
const PERMIT_TTL_SECONDS = 3600n;

export interface ApproveResult {
  transaction: UnsignedTx | null;
  eip_712: TypedDataPayload | null;
  already_approved: boolean;
}

/** The EIP-2612 domain of tokens known to support permits (USDC's, per chain). */
function permitDomain(chain: ChainName, token: Address) {
  const usdc = USDC[chain];
  return usdc?.permit && usdc.address.toLowerCase() === token.toLowerCase() ? usdc.permit : undefined;
}

/**
 * The token to approve, by address (any, unread) or by symbol (the deployment's named tokens: USDC and the address
 * book's — WETH, USDT, …, the tokenized assets).
 */
function approvedToken(config: Config, chain: ChainName, text: string): Address {
  if (/^0x/i.test(text)) {
    if (!isAddress(text, { strict: false })) throw fieldError(["body", "token"], "Not a valid address");
    return getAddress(text.toLowerCase());
  }
  const hit = namedTokens(config, chain).find((t) => t.symbol.toLowerCase() === text.toLowerCase());
  if (!hit)
    throw fieldError(["body", "token"], `Unknown token symbol '${text}' on ${chain}; pass its address`);
  return hit.address;
}

/**
 * The one-time Permit2 allowance for `token` (spec product-accounts §4.1): an EIP-2612 permit to sign
 * (sponsored) or an `approve` the owner sends. `already_approved` tells a client it can skip this.
 */
export async function buildApproveTransfer(input: {
  config: Config;
  client: PublicClient;
  chain: ChainName;
  owner: Address;
  /** a symbol or an address */
  token: string;
  sponsored: boolean;
}): Promise<ApproveResult> {
  const { client, chain, owner } = input;
  const token = approvedToken(input.config, chain, input.token);
  const domain = permitDomain(chain, token);
  if (input.sponsored && !domain)
    throw fieldError(
      ["body", "gas_sponsorship"],
      "This token has no EIP-2612 permit; call with gas_sponsorship false for an approve transaction",
    );
  const fields = input.sponsored ? undefined : prefetchTxFields(client, chain, owner);
  const [allowance, nonce, now] = await Promise.all([
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: token,
      abi: erc20Abi,
      functionName: "allowance",
      args: [owner, PERMIT2],
    }),
    domain
      ? client.readContract({
          blockTag: NEXT_BLOCK,
          address: token,
          abi: noncesAbi,
          functionName: "nonces",
          args: [owner],
        })
      : 0n,
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: MULTICALL3,
      abi: multicall3Abi,
      functionName: "getCurrentBlockTimestamp",
    }),
  ]).catch(async (error) => {
    if (isWrongContract(error))
      await wrongContract(client, chain, token, ["body", "token"], "an ERC-20 token");
    return rethrowRpc(chain, error);
  });
  const already_approved = allowance === maxUint256;
  if (input.sponsored) {
    const eip_712: TypedDataPayload = {
      domain: {
        name: domain!.name,
        version: domain!.version,
        chainId: client.chain!.id,
        verifyingContract: token,
      },
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
        Permit: [
          { name: "owner", type: "address" },
          { name: "spender", type: "address" },
          { name: "value", type: "uint256" },
          { name: "nonce", type: "uint256" },
          { name: "deadline", type: "uint256" },
        ],
      },
      primaryType: "Permit",
      message: {
        owner,
        spender: PERMIT2,
        value: maxUint256.toString(),
        nonce: nonce.toString(),
        deadline: (now + PERMIT_TTL_SECONDS).toString(),
      },
    };
    return { transaction: null, eip_712, already_approved };
  }
  const data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [PERMIT2, maxUint256] });
  const transaction = await buildUnsignedTransaction(
    client,
    chain,
    { from: owner, to: token, data },
    fields!,
    {
      explain: (revert) => {
        throw new RevertError(describeRevert(revert));
      },
    },
  );
  return { transaction, eip_712: null, already_approved };
}
