import { CHAIN_INFO } from "@compass/constants";
import { z } from "zod";
import { rethrowRpc } from "../chain/clients.ts";
import { SimulationFailed } from "../chain/preview.ts";
import { describeRevert, RevertError } from "../chain/revert.ts";
import {
  SIGNED_KEYS,
  type SimulationSources,
  simulateWrite,
  type WriteSimulationSpec,
} from "../chain/write-simulation.ts";
import type { Context } from "../context.ts";
import type { ChainName } from "../schemas/common.ts";
import { Simulation } from "../schemas/simulation.ts";
import { extendResponse, type Operation } from "./define.ts";

/**
 * Every v1 and v2 write that answers something to sign (a transaction, a Safe transaction as typed data, a smart
 * account's calls, a 7702 batch) answers with its `simulation` too, first in the answer. Applied by the composition
 * root to the operations it serves, after the batches took the plain writes: a batch's steps are not simulated one
 * by one, the batch is.
 */

const EXTENDED = new WeakMap<z.ZodType, z.ZodType>();

/** the operation's response with `simulation`, first */
const withSimulationField = (response: z.ZodType) =>
  extendResponse(response, EXTENDED, (o) =>
    z.object({ simulation: Simulation.nullable().optional() }).extend(o.shape),
  );

/** whether an operation answers something to sign: its response has one of the signed keys */
export function answersSignable(op: Operation): boolean {
  if (op.version === "v0" || op.readOnly || !(op.response instanceof z.ZodObject)) return false;
  const shape = op.response.shape as Record<string, unknown>;
  return SIGNED_KEYS.some((k) => k in shape);
}

/** simulation specs by operationId: what settles later, which output was quoted */
export type SimulationSpecs = Record<string, WriteSimulationSpec>;

function isUnsupported(error: unknown): boolean {
  const text = String((error as Error)?.message ?? error);
  return /eth_simulateV1|method not found|not supported|does not exist|unknown method/i.test(text);
}

/**
 * The time the next block of the request's chain will have at the earliest: after the latest block's, and not
 * before the node's pending block's. Read while the operation builds its answer (no round trip of its own).
 */
function blockTimes(ctx: Context, chain: unknown): Promise<{ chain: string; notBefore: bigint } | null> {
  if (typeof chain !== "string" || !(chain in CHAIN_INFO)) return Promise.resolve(null);
  let client: ReturnType<Context["services"]["chains"]["get"]>;
  try {
    client = ctx.services.chains.get(chain as ChainName);
  } catch {
    return Promise.resolve(null);
  }
  const header = (tag: string) =>
    client.request({ method: "eth_getBlockByNumber", params: [tag as "latest", false] }) as Promise<{
      timestamp: string;
    } | null>;
  // asked in the turn the operation's first reads leave in (viem sends its multicall batch after a zero-delay timer,
  // and a timer set now fires in that turn), so the headers ride in their JSON-RPC batch: no round trip of their own
  const headers = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() =>
    Promise.all([header("latest"), header("pending")]),
  );
  return headers.then(
    ([latest, pending]) => {
      const after = BigInt(latest?.timestamp ?? 0) + 1n;
      const next = BigInt(pending?.timestamp ?? 0);
      return { chain, notBefore: next > after ? next : after };
    },
    () => null,
  );
}

export function withSimulation(
  op: Operation,
  sources: SimulationSources,
  spec: WriteSimulationSpec | undefined,
): Operation {
  if (!answersSignable(op)) return op;
  const handler = op.handler;
  return {
    ...op,
    response: withSimulationField(op.response),
    handler: async (input, ctx: Context) => {
      if (!ctx.config.simulation) return handler(input, ctx);
      const times = blockTimes(ctx, (input as { body?: { chain?: unknown } }).body?.chain);
      const result = (await handler(input, ctx)) as Record<string, unknown>;
      let simulation = null;
      const signable = SIGNED_KEYS.some((k) => result?.[k]);
      try {
        const done = await simulateWrite({
          notBefore: async (chain) => {
            const t = await times;
            return t?.chain === chain ? t.notBefore : undefined;
          },
          config: ctx.config,
          client: (chain: ChainName) => ctx.services.chains.get(chain),
          body: (input as { body?: unknown }).body,
          result,
          sources,
          spec,
        });
        simulation = done?.wire ?? null;
      } catch (error) {
        if (error instanceof SimulationFailed)
          throw new RevertError(
            `${error.index > 0 ? `transaction ${error.index + 1} of the answer: ` : ""}${describeRevert(error.data)}`,
          );
        if (isUnsupported(error)) {
          ctx.log.warn({ err: String(error) }, "the node cannot simulate the answer (eth_simulateV1)");
        } else {
          const chain = (input as { body?: { chain?: ChainName } }).body?.chain;
          if (chain) rethrowRpc(chain, error);
          throw error;
        }
      }
      // nothing to sign (an account that exists, an attestation pending): no simulation field
      if (simulation === null && !signable) return result as never;
      // first in the answer: a reader (an agent, a CLI) sees what it does before what to sign
      return Object.assign({ simulation }, result) as never;
    },
  };
}
