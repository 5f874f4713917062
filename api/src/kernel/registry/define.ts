import { z } from "zod";
import type { Context } from "../context.ts";

export type HttpMethod = "GET" | "POST";
export type Env = "production" | "staging";

/**
 * How an operation renders its errors: FastAPI `detail` lists, the `{error, message}` domain envelope, or
 * `mixed` — 422s as `detail` lists and every other error as `{error, message}` (the spec's "422 V, 4xx D"
 * operations, e.g. the tokenized-asset reads and transfer).
 */
export type ErrorModel = "validation" | "domain" | "mixed";

export interface ErrorSpec {
  status: number;
  description: string;
}

export interface CliSpec {
  /** command name; defaults to the kebab-case short name */
  command?: string;
  aliases?: string[];
  /** short flags: field name → single letter */
  short?: Record<string, string>;
  /**
   * where `-o table` finds the rows of a response that is no list: a dotted path in which `*name` takes every
   * entry of a map, its key becoming column `name` (e.g. `markets.*symbol.chains.*chain`)
   */
  table?: string;
}

type AnyObject = z.ZodObject<any>;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface OperationInput<P, Q, B> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
}

export interface OperationSpec<
  P extends AnyObject | undefined,
  Q extends AnyObject | undefined,
  B extends AnyObject | undefined,
  R extends z.ZodType,
  S extends object = object,
> {
  method: HttpMethod;
  /** OpenAPI-style path, e.g. `/v2/tokenized_assets/markets/{symbol}` */
  path: string;
  summary: string;
  description?: string;
  /** short name (camelCase) used by SDKs, CLI; derived from the path when omitted */
  name?: string;
  /** schema component name prefix for this op's request/response in OpenAPI */
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  errors?: ErrorSpec[];
  errorModel?: ErrorModel;
  /** GET ops default to read-only */
  readOnly?: boolean;
  /** submits to a venue or otherwise acts beyond building a payload */
  destructive?: boolean;
  /** safe to retry automatically (defaults: GET yes, POST no) */
  idempotent?: boolean;
  cli?: CliSpec;
  /** environments that serve the operation (default both) */
  envs?: Env[];
  /** callable from browser widgets with a publishable key */
  widget?: boolean;
  tags?: string[];
  /**
   * answers from event history (positions, activity, rate windows, lists built from creation events): the answer
   * says up to which block that history is complete, per chain (`indexed_to_block`)
   */
  history?: boolean;
  /**
   * Validates nothing itself and calls domain functions. A capability that talks to outside systems types `ctx`
   * with its ports (`ctx: Context<PerpetualTradingPorts>`); the API's entry composes services that have them.
   */
  handler: (input: OperationInput<P, Q, B>, ctx: Context<S>) => Promise<z.input<R>> | z.input<R>;
}

export interface Operation
  extends Required<
    Pick<OperationSpec<any, any, any, any, any>, "method" | "path" | "summary" | "response" | "handler">
  > {
  operationId: string;
  group: string;
  version: "v0" | "v1" | "v2";
  name: string;
  description?: string;
  params?: AnyObject;
  query?: AnyObject;
  body?: AnyObject;
  errors: ErrorSpec[];
  errorModel: ErrorModel;
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  cli: CliSpec;
  envs: Env[];
  widget: boolean;
  tags: string[];
  history: boolean;
}

/**
 * The freshness field of an answer read from event history: per chain, the block its history is complete up to —
 * the index's block, or the head the chain was read to.
 */
export const IndexedToBlock = z.record(z.string(), z.number().int().nonnegative()).meta({
  id: "IndexedToBlock",
  description:
    "Per chain, the block up to which the event history behind this answer is complete (the event index's block, or the head the chain was read to)",
});

/**
 * `response` with more fields (objects only: a list answer has nowhere to carry them), once per response and
 * `cache`: operations sharing a response share its extension. The named component (`.meta({id})`) moves to the
 * extended schema, so clients see one type with the fields.
 */
export function extendResponse(
  response: z.ZodType,
  cache: WeakMap<z.ZodType, z.ZodType>,
  extend: (object: z.ZodObject<any>) => z.ZodObject<any>,
): z.ZodType {
  if (!(response instanceof z.ZodObject)) return response;
  let extended = cache.get(response);
  if (!extended) {
    extended = extend(response);
    const meta = z.globalRegistry.get(response);
    if (meta) {
      z.globalRegistry.remove(response);
      extended = extended.meta(meta);
    }
    cache.set(response, extended);
  }
  return extended;
}

/** An operation's response with the freshness field. */
const withFreshness = (response: z.ZodType) =>
  extendResponse(response, FRESH, (o) => o.extend({ indexed_to_block: IndexedToBlock.optional() }));
const FRESH = new WeakMap<z.ZodType, z.ZodType>();

/**
 * `/v2/perpetual_trading/deposit/sponsor_prepare` → `v2_perpetual_trading_deposit_sponsor_prepare`.
 * Path parameters lose their braces (`/v2/tokenized_assets/markets/{symbol}` →
 * `v2_tokenized_assets_markets_symbol`): an operationId is an identifier for code generators and MCP tool
 * names, and braces are valid in neither (clients.md §5 "Ours"; docs/clients.md).
 */
export function operationIdOf(path: string): string {
  return path.replace(/^\//, "").replace(/[{}]/g, "").replace(/\//g, "_");
}

export function camel(s: string): string {
  return s.replace(/[{}]/g, "").replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function defineOperation<
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends AnyObject | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  S extends object = object,
>(spec: OperationSpec<P, Q, B, R, S>): Operation {
  const segments = spec.path.split("/").filter(Boolean);
  const version = segments[0] as "v0" | "v1" | "v2";
  const group = segments[1]!;
  const operationId = operationIdOf(spec.path);
  const rest = segments.slice(2).join("_");
  const name = spec.name ?? camel(rest);
  return {
    ...spec,
    operationId,
    group,
    version,
    name,
    errors: spec.errors ?? [],
    errorModel: spec.errorModel ?? "validation",
    readOnly: spec.readOnly ?? spec.method === "GET",
    destructive: spec.destructive ?? false,
    idempotent: spec.idempotent ?? spec.method === "GET",
    cli: spec.cli ?? {},
    envs: spec.envs ?? ["production", "staging"],
    widget: spec.widget ?? false,
    tags: spec.tags ?? [group],
    history: spec.history ?? false,
    response: spec.history ? withFreshness(spec.response) : spec.response,
    handler: spec.handler as Operation["handler"],
  } as Operation;
}

/** Marks a handler's result to be answered with `status` instead of 200 (e.g. 202 while work is pending upstream). */
export const RESPONSE_STATUS: unique symbol = Symbol("compass.responseStatus");

export function withStatus<T extends object>(status: number, body: T): T & { [RESPONSE_STATUS]: number } {
  return Object.assign(body, { [RESPONSE_STATUS]: status });
}
