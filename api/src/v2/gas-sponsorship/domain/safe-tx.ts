import {
  centrifugeVaultAbi,
  erc20ErrorsAbi,
  fundShareTokenAbi,
  midasDepositVaultAbi,
  midasRedemptionVaultAbi,
} from "@compass/constants";
import { type Address, getAddress, type Hex, isAddress, isAddressEqual, isHex } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { describeRevert, RevertError } from "../../../kernel/chain/revert.ts";
import {
  buildUnsignedTransaction,
  prefetchTxFields,
  type UnsignedTx,
} from "../../../kernel/chain/transaction.ts";
import { fieldError } from "../../../kernel/errors.ts";
import {
  execTransactionData,
  PRODUCTS,
  type Product,
  productAccountAddress,
  readAccountState,
  type SafeTx,
  simulateSafeTx,
} from "../../../product-accounts/index.ts";
import type { PrepareInput } from "./permits.ts";
import { ownerSignature } from "./signature.ts";

const LOC = ["body", "eip_712"];

function uint(value: unknown, field: string): bigint {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^[0-9]{1,78}$/.test(text))
    throw fieldError([...LOC, "message", field], "Expected an unsigned integer");
  return BigInt(text);
}

function address(value: unknown, field: string): Address {
  if (typeof value !== "string" || !isAddress(value, { strict: false }))
    throw fieldError([...LOC, "message", field], "Expected an address");
  return getAddress(value.toLowerCase());
}

/** The SafeTx message fields, validated. */
export function parseSafeTx(message: Record<string, unknown>): SafeTx {
  const operation = Number(message.operation);
  if (operation !== 0 && operation !== 1)
    throw fieldError([...LOC, "message", "operation"], "Expected 0 or 1");
  if (typeof message.data !== "string" || !isHex(message.data))
    throw fieldError([...LOC, "message", "data"], "Expected 0x hex");
  return {
    to: address(message.to, "to"),
    value: uint(message.value, "value"),
    data: message.data as Hex,
    operation,
    safeTxGas: uint(message.safeTxGas, "safeTxGas"),
    baseGas: uint(message.baseGas, "baseGas"),
    gasPrice: uint(message.gasPrice, "gasPrice"),
    gasToken: address(message.gasToken, "gasToken"),
    refundReceiver: address(message.refundReceiver, "refundReceiver"),
    nonce: uint(message.nonce, "nonce"),
  };
}

/** Which of the owner's product accounts the SafeTx targets (checked against `product` when given). */
function targetProduct(verifyingContract: unknown, owner: Address, product?: Product): Product {
  const target =
    typeof verifyingContract === "string" && isAddress(verifyingContract, { strict: false })
      ? verifyingContract
      : "";
  const match = PRODUCTS.find(
    (p) => target && isAddressEqual(productAccountAddress(owner, p), target as Address),
  );
  if (!match || (product && product !== match)) {
    const expected = product ? productAccountAddress(owner, product) : "one of the owner's product accounts";
    throw fieldError(
      [...LOC, "domain", "verifyingContract"],
      `Must be ${expected}, not ${target || "missing"}`,
    );
  }
  return match;
}

/** SafeTx → the account's execTransaction with the owner's signature, sent (and paid) by `sender`. */
export async function prepareSafeTx(input: PrepareInput): Promise<UnsignedTx> {
  const { client, chain, payload } = input;
  const product = targetProduct(payload.domain.verifyingContract, input.owner, input.product);
  const account = productAccountAddress(input.owner, product);
  if (Number(payload.domain.chainId) !== client.chain!.id)
    throw fieldError(
      [...LOC, "domain", "chainId"],
      `Signed for chain id ${payload.domain.chainId}, not ${chain}`,
    );
  const tx = parseSafeTx(payload.message);
  const fields = prefetchTxFields(client, chain, input.sender);
  const [signature, state] = await Promise.all([
    ownerSignature(payload, input.signature, input.owner),
    readAccountState(client, account).catch((e) => rethrowRpc(chain, e)),
  ]);
  if (!state.deployed)
    throw fieldError(
      [...LOC, "domain", "verifyingContract"],
      `Account ${account} is not deployed on ${chain}`,
    );
  if (tx.nonce !== state.nonce) {
    const why = tx.nonce < state.nonce ? "already used (executed or replaced)" : "ahead of the account";
    throw fieldError(
      [...LOC, "message", "nonce"],
      `SafeTx nonce ${tx.nonce} is ${why}; the account's nonce is ${state.nonce}`,
    );
  }
  return buildUnsignedTransaction(
    client,
    chain,
    { from: input.sender, to: account, data: execTransactionData(tx, signature) },
    fields,
    {
      explain: async () => {
        const sim = await simulateSafeTx(client, chain, account, tx);
        throw new RevertError(
          sim.success
            ? "the Safe rejected the execution"
            : describeRevert(sim.returnData, [
                midasDepositVaultAbi as any,
                midasRedemptionVaultAbi,
                centrifugeVaultAbi,
                erc20ErrorsAbi,
                fundShareTokenAbi,
              ]),
        );
      },
    },
  );
}
