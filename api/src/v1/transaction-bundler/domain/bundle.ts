import { SIMPLE_7702_ACCOUNT, simple7702AccountAbi } from "@compass/constants";
import {
  type Address,
  decodeErrorResult,
  encodeFunctionData,
  getAddress,
  type Hex,
  numberToHex,
  type PublicClient,
} from "viem";
import { recoverAuthorizationAddress } from "viem/utils";
import {
  type ActionBody,
  type BatchActions,
  type BatchStep,
  batchSteps,
  delegateCodeOf,
  senderKind,
  stepRefusal,
} from "../../../batches/index.ts";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { describeRevert, revertDataOf } from "../../../kernel/chain/revert.ts";
import { buildUnsignedTransaction, prefetchTxFields } from "../../../kernel/chain/transaction.ts";
import type { Context } from "../../../kernel/context.ts";
import { fieldError } from "../../../kernel/errors.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";

/**
 * The sender, its pending nonce and the delegate's code, read together. The delegate must be deployed on the
 * chain (it is on every chain its authors deployed v0.8 to); a sender that is a contract cannot delegate.
 */
async function readSender(
  client: PublicClient,
  chain: ChainName,
  sender: Address,
  pendingNonce: Promise<number>,
) {
  const [code, nonce, delegateCode] = await Promise.all([
    client.getCode({ address: sender, blockTag: NEXT_BLOCK }),
    pendingNonce,
    delegateCodeOf(client, chain),
  ]).catch((error) => rethrowRpc(chain, error));
  const kind = senderKind(code);
  if (kind.kind === "contract")
    throw fieldError(
      ["body", "sender"],
      "the sender is a contract, and only an EOA can delegate with EIP-7702: batch a smart account's calls with POST /v1/smart_account/batched_user_operations",
    );
  return { kind, nonce, delegateCode };
}

/**
 * `POST /v1/transaction_bundler/authorization`: the EIP-7702 authorization the sender signs to delegate to the
 * batch executor. Its nonce is the sender's next but one: the sender sends the bundle itself, and its own
 * transaction takes the next nonce before the authorization is applied.
 */
export async function bundlerAuthorization(ctx: Context, body: { chain: ChainName; sender: string }) {
  const client = ctx.services.chains.get(body.chain, ["body", "chain"]);
  const sender = getAddress(body.sender);
  const { nonce } = await readSender(
    client,
    body.chain,
    sender,
    client.getTransactionCount({ address: sender, blockTag: "pending" }),
  );
  return { nonce: nonce + 1, address: SIMPLE_7702_ACCOUNT, chainId: client.chain!.id };
}

interface SignedAuthorizationInput {
  nonce: number;
  address: string;
  chainId: number;
  r: bigint;
  s: bigint;
  yParity: 0 | 1;
}

/** The authorization as the chain will judge it: for this delegate, this chain, the nonce it will meet, by the sender. */
async function checkAuthorization(
  auth: SignedAuthorizationInput,
  expected: { sender: Address; chainId: number; nonce: number },
) {
  const loc = ["body", "signed_authorization"];
  if (getAddress(auth.address) !== SIMPLE_7702_ACCOUNT)
    throw fieldError(
      [...loc, "address"],
      `the authorization delegates to ${auth.address}; bundles run through the batch executor ${SIMPLE_7702_ACCOUNT}`,
    );
  if (auth.chainId !== 0 && auth.chainId !== expected.chainId)
    throw fieldError(
      [...loc, "chainId"],
      `the authorization is for chain ${auth.chainId}, not ${expected.chainId}`,
    );
  if (auth.nonce !== expected.nonce)
    throw fieldError(
      [...loc, "nonce"],
      `the authorization's nonce is ${auth.nonce}; the chain will expect ${expected.nonce} (the sender's next nonce after the bundle's own): ask POST /v1/transaction_bundler/authorization again`,
    );
  const pad = (v: bigint) => numberToHex(v, { size: 32 });
  const signed = { address: SIMPLE_7702_ACCOUNT, chainId: auth.chainId, nonce: auth.nonce };
  const signer = await recoverAuthorizationAddress({
    authorization: signed,
    signature: { r: pad(auth.r), s: pad(auth.s), yParity: auth.yParity },
  }).catch(() => undefined);
  if (!signer || getAddress(signer) !== expected.sender)
    throw fieldError(
      loc,
      signer
        ? `the authorization is signed by ${getAddress(signer)}, not by the sender ${expected.sender}`
        : "the authorization's signature is not valid",
    );
  return { ...signed, r: pad(auth.r), s: pad(auth.s), yParity: auth.yParity };
}

/**
 * `POST /v1/transaction_bundler/execute`: the actions as one transaction from the sender to itself, which its
 * delegate (Simple7702Account) runs with `executeBatch`, all or none. Each step is built and checked on the state
 * the steps before it leave; the batch is then simulated (or estimated) as the chain will run it, with the
 * authorization when one is sent, and a revert names its step.
 */
export async function bundlerExecute(
  ctx: Context,
  actions: BatchActions,
  body: {
    chain: ChainName;
    sender: string;
    estimate_gas: boolean;
    signed_authorization?: SignedAuthorizationInput | null;
    actions: { body: ActionBody }[];
  },
) {
  const chain = body.chain;
  const client = ctx.services.chains.get(chain, ["body", "chain"]);
  const sender = getAddress(body.sender);
  const fields = prefetchTxFields(client, chain, sender);
  // the nonce the transaction takes, read once with its fees
  const { kind, nonce, delegateCode } = await readSender(
    client,
    chain,
    sender,
    fields.then((f) => f.nonce),
  );
  const chainId = client.chain!.id;
  const authorization = body.signed_authorization
    ? await checkAuthorization(body.signed_authorization, { sender, chainId, nonce: nonce + 1 })
    : undefined;
  if (!authorization && !(kind.kind === "delegated" && kind.to === SIMPLE_7702_ACCOUNT))
    throw fieldError(
      ["body", "signed_authorization"],
      kind.kind === "delegated"
        ? `the sender delegates to ${kind.to}, not to the batch executor ${SIMPLE_7702_ACCOUNT}: sign the authorization POST /v1/transaction_bundler/authorization returns and send it here`
        : `the sender has not delegated to the batch executor (Simple7702Account, ${SIMPLE_7702_ACCOUNT}): sign the authorization POST /v1/transaction_bundler/authorization returns and send it here`,
    );

  const steps = await batchSteps(ctx, actions, {
    chain,
    sender,
    list: "actions",
    actions: body.actions,
    accountCode: delegateCode,
  });
  const data = encodeFunctionData({
    abi: simple7702AccountAbi,
    functionName: "executeBatch",
    args: [steps.map((s) => ({ target: s.call.to, value: s.call.value, data: s.call.data }))],
  });
  const transaction = await buildUnsignedTransaction(
    client,
    chain,
    {
      from: sender,
      to: sender,
      data,
      ...(authorization && {
        authorizationList: [
          {
            chainId: numberToHex(authorization.chainId),
            address: authorization.address,
            nonce: numberToHex(authorization.nonce),
            r: authorization.r,
            s: authorization.s,
            yParity: numberToHex(authorization.yParity),
          },
        ],
      }),
    },
    fields,
    {
      estimateGas: body.estimate_gas,
      senderLoc: ["body", "sender"],
      explain: (_data, error) => explainBatchRevert(chain, steps, error),
    },
  );
  return { transaction: { ...transaction, ...(authorization && { authorizationList: [authorization] }) } };
}

/**
 * A batch that reverts as a whole: Simple7702Account wraps a failing call of several in ExecuteError(index,
 * reason) and lets a lone call's revert through, so the refusal names the step and decodes its reason.
 */
export function explainBatchRevert(chain: ChainName, steps: BatchStep[], error: unknown): never {
  const data = revertDataOf(error);
  if (data === undefined && !/revert/i.test(String((error as Error)?.message))) rethrowRpc(chain, error);
  let index = 0;
  let reason = data;
  try {
    const decoded = decodeErrorResult({ abi: simple7702AccountAbi, data: data! });
    if (decoded.errorName === "ExecuteError") {
      index = Number(decoded.args[0]);
      reason = decoded.args[1] as Hex;
    }
  } catch {
    // a lone call's own revert, or no data
  }
  throw stepRefusal(steps, index, "actions", describeRevert(reason));
}
