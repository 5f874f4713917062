import { MULTICALL3, PERMIT2 } from "@compass/constants";
import { type Address, encodeFunctionData, erc20Abi, formatUnits, type PublicClient } from "viem";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import { multicall3Abi } from "../../kernel/chain/multicall.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { describeRevert, RevertError } from "../../kernel/chain/revert.ts";
import { buildUnsignedTransaction, prefetchTxFields } from "../../kernel/chain/transaction.ts";
import { DomainError, fieldError } from "../../kernel/errors.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { type ActionEnvelope, buildAccountAction } from "./action.ts";
import { productAccountAddress } from "./address.ts";
import { permit2TransferTypedData, randomPermit2Nonce } from "./permit2.ts";
import { PRODUCT_LABEL, type Product } from "./products.ts";
import { readAccountState } from "./state.ts";

export interface TransferInput {
  client: PublicClient;
  chain: ChainName;
  owner: Address;
  product: Product;
  token: { symbol: string; address: Address; decimals: number };
  amount: bigint;
  action: "DEPOSIT" | "WITHDRAW";
  sponsored: boolean;
  /** sponsored DEPOSIT: who calls Permit2 (default: the product account itself, for bundles) */
  spender?: Address;
  /** WITHDRAW: who is paid (default: the owner) */
  recipient?: Address;
}

/** Sponsored deposits are valid this long (chain time), enough to sign and relay. */
const PERMIT_TTL_SECONDS = 3600n;

/** Moves a token between the owner and the product account (spec product-accounts §3), simulated first. */
export async function buildTransfer(input: TransferInput): Promise<ActionEnvelope> {
  return input.action === "DEPOSIT" ? deposit(input) : withdraw(input);
}

const balanceOf = (client: PublicClient, token: Address, who: Address) =>
  client.readContract({
    blockTag: NEXT_BLOCK,
    address: token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [who],
  });

function exceeds(input: TransferInput, balance: bigint, whose: string): never {
  const have = `${formatUnits(balance, input.token.decimals)} ${input.token.symbol}`;
  throw fieldError(["body", "amount"], `amount exceeds ${whose} ${input.token.symbol} balance (${have})`);
}

async function deposit(input: TransferInput): Promise<ActionEnvelope> {
  const { client, chain, owner, token, amount } = input;
  const account = productAccountAddress(owner, input.product);
  if (!input.sponsored) {
    const fields = prefetchTxFields(client, chain, owner);
    const balance = await balanceOf(client, token.address, owner).catch((e) => rethrowRpc(chain, e));
    if (balance < amount) exceeds(input, balance, "the owner's");
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [account, amount] });
    const transaction = await buildUnsignedTransaction(
      client,
      chain,
      { from: owner, to: token.address, data },
      fields,
      {
        explain: (revert) => {
          throw new RevertError(describeRevert(revert));
        },
      },
    );
    return { transaction, eip_712: null };
  }
  const [balance, allowance, now] = await Promise.all([
    balanceOf(client, token.address, owner),
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: token.address,
      abi: erc20Abi,
      functionName: "allowance",
      args: [owner, PERMIT2],
    }),
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: MULTICALL3,
      abi: multicall3Abi,
      functionName: "getCurrentBlockTimestamp",
    }),
  ]).catch((e) => rethrowRpc(chain, e));
  if (balance < amount) exceeds(input, balance, "the owner's");
  if (allowance < amount) {
    throw new DomainError(
      400,
      "Permit2 approval required",
      `${token.symbol} has not been approved for Permit2 by ${owner}: call POST /v2/gas_sponsorship/approve_transfer once for ${token.symbol}, then retry`,
    );
  }
  const eip_712 = permit2TransferTypedData({
    chainId: client.chain!.id,
    token: token.address,
    amount,
    spender: input.spender ?? account,
    nonce: randomPermit2Nonce(),
    deadline: now + PERMIT_TTL_SECONDS,
  });
  return { transaction: null, eip_712 };
}

async function withdraw(input: TransferInput): Promise<ActionEnvelope> {
  const { client, chain, owner, token, amount } = input;
  const account = productAccountAddress(owner, input.product);
  const fields = input.sponsored ? undefined : prefetchTxFields(client, chain, owner);
  const [state, balance] = await Promise.all([
    readAccountState(client, account),
    balanceOf(client, token.address, account),
  ]).catch((e) => rethrowRpc(chain, e));
  if (!state.deployed) {
    throw new DomainError(
      400,
      "Account not deployed",
      `The ${PRODUCT_LABEL[input.product]} ${account} is not deployed on ${chain}; call create_account first`,
    );
  }
  if (balance < amount) exceeds(input, balance, "the account's");
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: "transfer",
    args: [input.recipient ?? owner, amount],
  });
  return buildAccountAction({
    client,
    chain,
    owner,
    account,
    calls: [{ to: token.address, data }],
    nonce: state.nonce,
    sponsored: input.sponsored,
    fields,
  });
}
