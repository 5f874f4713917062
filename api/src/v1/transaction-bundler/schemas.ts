/**
 * Wire schemas of the v1 transaction bundler and smart-account batching (spec v1-capabilities.md §8): the
 * authorization a wallet signs, the batch of actions (each a v1 write's body under `body`) and what comes back.
 */
import { z } from "zod";
import { Address, bigIntField, UnsignedTransaction } from "../../kernel/schemas/common.ts";
import { V1Chain } from "../../kernel/schemas/v1.ts";

const estimateGas = z
  .boolean()
  .default(true)
  .describe("estimate gas for the batch, which also verifies that every step succeeds");

export const MulticallAuthorizationRequest = z
  .object({
    chain: V1Chain,
    sender: Address.describe("the EOA that delegates to the batch executor and sends its bundles"),
  })
  .meta({ id: "MulticallAuthorizationRequest" });

export const MulticallAuthorizationResponse = z
  .object({
    nonce: z
      .int()
      .describe("the nonce the authorization must carry: the sender's next nonce after the bundle's own"),
    address: z.string().describe("the batch executor the sender delegates to (Simple7702Account)"),
    chainId: z.int().describe("the chain the authorization is valid on"),
  })
  .meta({
    id: "MulticallAuthorizationResponse",
    description: "An EIP-7702 authorization for the sender's wallet to sign (e.g. viem's signAuthorization)",
  });

const signatureWord = (what: string) =>
  z
    .union([
      z
        .string()
        .trim()
        .regex(/^0x[0-9a-fA-F]{1,64}$/)
        .transform((v) => BigInt(v)),
      bigIntField({ max: 2n ** 256n - 1n }),
    ])
    .describe(`the signature's ${what}: 0x hex, a decimal string or an integer`);

export const SignedAuthorization = z
  .object({
    nonce: z.int().min(0).describe("the authorization's nonce"),
    address: Address.describe("the contract the sender delegates to"),
    chainId: z.int().min(0).describe("the chain it is valid on (0: every chain)"),
    r: signatureWord("r"),
    s: signatureWord("s"),
    yParity: z.union([z.literal(0), z.literal(1)]).describe("the signature's y parity"),
  })
  .meta({ id: "SignedAuthorization", description: "An EIP-7702 authorization signed by the sender" });

/** The bundle's request, over the steps the batch vocabulary allows (`userOperationSchema`). */
export const multicallExecuteRequest = (UserOperation: z.ZodObject) =>
  z
    .object({
      chain: V1Chain,
      sender: Address.describe("the EOA that signs and sends the bundle"),
      estimate_gas: estimateGas,
      signed_authorization: SignedAuthorization.nullable()
        .optional()
        .describe(
          "the signed EIP-7702 authorization; needed until the sender has delegated to the batch executor",
        ),
      actions: z
        .array(UserOperation)
        .min(1)
        .max(32)
        .meta({ examples: [[{ body: { action_type: "WRAP_ETH", amount: "0.1" } }]] })
        .describe("the steps, executed in order, all or none"),
    })
    .meta({ id: "MulticallExecuteRequest" });

const SignedAuthorizationOut = z
  .object({
    nonce: z.int(),
    address: z.string(),
    chainId: z.int(),
    r: z.string(),
    s: z.string(),
    yParity: z.int(),
  })
  .meta({ id: "SignedAuthorizationOut" });

export const UnsignedMulticallTransaction = UnsignedTransaction.extend({
  authorizationList: z
    .array(SignedAuthorizationOut)
    .optional()
    .describe("EIP-7702 authorizations to send with the transaction (a type-4 transaction)"),
}).meta({
  id: "UnsignedMulticallTransaction",
  description: "The bundle: one transaction from the sender to itself, executed by its delegate",
});

export const BundlerTransactionResponse = z
  .object({ transaction: UnsignedMulticallTransaction })
  .meta({ id: "BundlerTransactionResponse" });
