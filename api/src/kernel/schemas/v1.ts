/**
 * What every v1 operation shares (spec v1-capabilities.md §1): the chain enum, a write's body (`chain`, `sender`,
 * `estimate_gas` and the constant `action_type` a bundle names it by) and its answer, `{transaction}`.
 */
import { z } from "zod";
import { Address, qInt, UnsignedTransaction } from "./common.ts";

export const V1Chain = z.enum(["arbitrum", "base", "ethereum"]).meta({ id: "V1Chain" });

/** `block` of a historical read: the state then; omitted, the latest block */
export const v1Block = () =>
  qInt({ min: 0, description: "block number for a historical read; latest when omitted" }).optional();

/** The groups that run on Ethereum alone (spec §1: Ethena, Sky, ENS). */
export const EthereumChain = z.enum(["ethereum"]).meta({ id: "EthereumChain" });

/**
 * A v1 write's body: the operation's fields, then `chain` (any v1 chain, unless the group narrows it), `sender` and
 * `estimate_gas`.
 */
export const v1Write = <S extends z.ZodRawShape, C extends z.ZodType = typeof V1Chain>(
  action: string,
  fields: S,
  chain?: C,
) =>
  z.object({
    action_type: z.literal(action).optional().describe("this write's kind, as a bundle action names it"),
    ...fields,
    chain: (chain ?? V1Chain) as C,
    sender: Address.describe("the wallet that signs and sends the transaction"),
    estimate_gas: z.boolean().default(true).describe("estimate gas (and so simulate) the transaction"),
  });

export const V1TransactionResponse = z
  .object({ transaction: UnsignedTransaction })
  .meta({ id: "TransactionResponse" });
