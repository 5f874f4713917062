import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type Address, getAddress, isAddress, type PublicClient, parseAbi } from "viem";
import { HttpError, readJsonBody, sendJson } from "../kit/index.ts";
import { type PoolIndex, type Route, swapCalldata } from "./routing.ts";

/**
 * Odos's Smart Order Routing API (v2) as its documentation describes it: `POST /sor/quote/v2` (one input, one
 * output here: the engine routes over the devnet's Uniswap v3 pools) returns a `pathId` valid for 60 seconds that
 * only its `userAddr` may `POST /sor/assemble` into a transaction; `GET /info/router/v2/{chainId}` names the
 * router to approve. Bodies are validated as the real service validates them (unknown fields, wrong types and
 * out-of-range slippage are 422s in FastAPI's `{detail: [...]}`; business errors 400s with `{detail, traceId,
 * errorCode}`). The transaction calls Uniswap's own SwapRouter (the devnet has no OdosRouterV2), which is therefore
 * the router `/info/router/v2` names. USD values come from the chain's Aave oracle where it prices the token.
 */

export interface OdosChain {
  chainId: number;
  client: PublicClient;
  router: Address;
  index: PoolIndex;
  /** the Aave oracle, for USD values (null: values are 0) */
  oracle: Address | null;
  decimals: (token: Address) => Promise<number>;
}

const PATH_TTL_MS = 60_000;
const DEADLINE_SECONDS = 1200n;
const QUOTE_FIELDS = new Set([
  "chainId",
  "inputTokens",
  "outputTokens",
  "userAddr",
  "slippageLimitPercent",
  "referralCode",
  "disableRFQs",
  "compact",
  "gasPrice",
  "sourceBlacklist",
  "sourceWhitelist",
  "poolBlacklist",
  "likeAsset",
  "pathViz",
  "pathVizImage",
  "simple",
]);
const ASSEMBLE_FIELDS = new Set(["userAddr", "pathId", "simulate", "receiver"]);
const oracleAbi = parseAbi(["function getAssetPrice(address asset) view returns (uint256)"]);

/** A FastAPI-style validation failure (422). */
class Invalid extends Error {
  constructor(readonly detail: { loc: (string | number)[]; msg: string; type: string }[]) {
    super("invalid");
  }
}
/** A business error (400) with Odos's error code. */
class Refused extends Error {
  constructor(
    readonly detail: string,
    readonly errorCode: number,
  ) {
    super(detail);
  }
}

interface PendingPath {
  chain: OdosChain;
  user: Address;
  src: Address;
  dst: Address;
  route: Route;
  slippage: number;
  expires: number;
  blockNumber: bigint;
}

export class OdosApi {
  private readonly paths = new Map<string, PendingPath>();

  constructor(private readonly chains: Map<number, OdosChain>) {}

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const traceId = randomUUID();
    try {
      sendJson(res, 200, await this.route(req));
    } catch (error) {
      if (error instanceof Invalid) return sendJson(res, 422, { detail: error.detail });
      if (error instanceof Refused)
        return sendJson(res, 400, { detail: error.detail, traceId, errorCode: error.errorCode });
      if (error instanceof HttpError) return sendJson(res, error.status, { detail: error.message, traceId });
      throw error;
    }
  }

  private async route(req: IncomingMessage): Promise<unknown> {
    const url = new URL(req.url ?? "/", "http://odos");
    const info = /^\/info\/router\/v2\/(\d+)$/.exec(url.pathname);
    if (info && req.method === "GET") {
      const chain = this.chains.get(Number(info[1]));
      if (!chain) throw new Refused(`Chain ${info[1]} is not supported`, 4001);
      return { address: chain.router };
    }
    if (url.pathname === "/sor/quote/v2" && req.method === "POST")
      return this.quote(await body(req, QUOTE_FIELDS));
    if (url.pathname === "/sor/assemble" && req.method === "POST")
      return this.assemble(await body(req, ASSEMBLE_FIELDS));
    throw new HttpError(404, "Not Found");
  }

  private async quote(b: Record<string, unknown>) {
    const chainId = int(b, "chainId");
    const chain = this.chains.get(chainId);
    if (!chain) throw new Refused(`Chain ${chainId} is not supported`, 4001);
    const user = address(b, "userAddr");
    const inputs = tokenList(b, "inputTokens", "amount");
    const outputs = tokenList(b, "outputTokens", "proportion");
    const slippage = b.slippageLimitPercent === undefined ? 0.3 : num(b, "slippageLimitPercent");
    if (slippage <= 0 || slippage > 50)
      throw new Invalid([
        { loc: ["body", "slippageLimitPercent"], msg: "slippage must be in (0, 50]", type: "value_error" },
      ]);
    if (inputs.length !== 1 || outputs.length !== 1)
      throw new Refused("This venue routes one input token to one output token", 2001);
    const src = inputs[0]!.token;
    const dst = outputs[0]!.token;
    if (outputs[0]!.value !== 1) throw new Refused("Output proportions must sum to 1", 2002);
    const amount = inputs[0]!.value as bigint;
    if (amount <= 0n) throw new Refused("Input amount must be greater than 0", 2003);
    if (src === dst) throw new Refused("Input and output tokens must differ", 2004);
    const route = await chain.index.route(src, dst, amount, { split: true });
    if (!route || route.amountOut === 0n) throw new Refused("No viable path found for this swap", 2000);
    const blockNumber = await chain.client.getBlockNumber();
    const pathId = randomBytes(16).toString("hex");
    this.prune();
    this.paths.set(pathId, {
      chain,
      user,
      src,
      dst,
      route,
      slippage,
      expires: Date.now() + PATH_TTL_MS,
      blockNumber,
    });
    const [inValue, outValue, gasPrice] = await Promise.all([
      this.usd(chain, src, amount),
      this.usd(chain, dst, route.amountOut),
      chain.client.getGasPrice(),
    ]);
    return {
      inTokens: [src],
      outTokens: [dst],
      inAmounts: [String(amount)],
      outAmounts: [String(route.amountOut)],
      gasEstimate: Number(route.gas),
      dataGasEstimate: 0,
      gweiPerGas: Number(gasPrice) / 1e9,
      gasEstimateValue: 0,
      inValues: [inValue],
      outValues: [outValue],
      netOutValue: outValue,
      priceImpact: null,
      percentDiff: inValue > 0 ? ((outValue - inValue) / inValue) * 100 : 0,
      partnerFeePercent: 0,
      pathId,
      pathViz: null,
      blockNumber: Number(blockNumber),
    };
  }

  private async assemble(b: Record<string, unknown>) {
    const user = address(b, "userAddr");
    if (typeof b.pathId !== "string")
      throw new Invalid([{ loc: ["body", "pathId"], msg: "field required", type: "value_error.missing" }]);
    const path = this.paths.get(b.pathId);
    if (!path || path.expires < Date.now())
      throw new Refused("Path not found or expired; request a new quote", 3001);
    if (path.user !== user) throw new Refused("userAddr does not match the quote's", 3002);
    const receiver = b.receiver === undefined || b.receiver === null ? user : address(b, "receiver");
    const { chain, route } = path;
    const head = await chain.client.getBlock({ blockTag: "pending" });
    const data = swapCalldata(route, receiver, head.timestamp + DEADLINE_SECONDS, path.slippage);
    const [nonce, gasPrice, outValue] = await Promise.all([
      chain.client.getTransactionCount({ address: user }),
      chain.client.getGasPrice(),
      this.usd(chain, path.dst, route.amountOut),
    ]);
    let simulation = null;
    if (b.simulate === true) {
      const ok = await chain.client.call({ account: user, to: chain.router, data }).then(
        () => ({
          isSuccess: true,
          amountsOut: [String(route.amountOut)],
          gasEstimate: Number(route.gas),
          simulationError: null,
        }),
        (e: Error) => ({
          isSuccess: false,
          amountsOut: [],
          gasEstimate: 0,
          simulationError: {
            type: "other",
            errorMessage: (e as { shortMessage?: string }).shortMessage ?? e.message,
          },
        }),
      );
      simulation = ok;
    }
    return {
      deprecated: null,
      blockNumber: Number(path.blockNumber),
      gasEstimate: Number(route.gas),
      gasEstimateValue: 0,
      inputTokens: [{ tokenAddress: path.src, amount: String(route.amountIn) }],
      outputTokens: [{ tokenAddress: path.dst, amount: String(route.amountOut) }],
      netOutValue: outValue,
      outValues: [String(outValue)],
      transaction: {
        gas: Number(route.gas),
        gasPrice: Number(gasPrice),
        value: "0",
        to: chain.router,
        from: user,
        data,
        nonce,
        chainId: chain.chainId,
      },
      simulation,
    };
  }

  private async usd(chain: OdosChain, token: Address, amount: bigint): Promise<number> {
    if (!chain.oracle) return 0;
    try {
      const [price, decimals] = await Promise.all([
        chain.client.readContract({
          address: chain.oracle,
          abi: oracleAbi,
          functionName: "getAssetPrice",
          args: [token],
        }),
        chain.decimals(token),
      ]);
      return (Number(amount) / 10 ** decimals) * (Number(price) / 1e8);
    } catch {
      return 0;
    }
  }

  private prune() {
    const now = Date.now();
    for (const [id, p] of this.paths) if (p.expires < now) this.paths.delete(id);
  }
}

async function body(req: IncomingMessage, allowed: Set<string>): Promise<Record<string, unknown>> {
  const b = await readJsonBody<Record<string, unknown>>(req).catch((e: Error) => {
    throw new Invalid([{ loc: ["body"], msg: e.message, type: "value_error.jsondecode" }]);
  });
  if (!b || typeof b !== "object" || Array.isArray(b))
    throw new Invalid([{ loc: ["body"], msg: "value is not a valid dict", type: "type_error.dict" }]);
  const extra = Object.keys(b).filter((k) => !allowed.has(k));
  if (extra.length)
    throw new Invalid(
      extra.map((k) => ({ loc: ["body", k], msg: "extra fields not permitted", type: "value_error.extra" })),
    );
  return b;
}

function int(b: Record<string, unknown>, key: string): number {
  const v = b[key];
  if (typeof v !== "number" || !Number.isInteger(v))
    throw new Invalid([
      { loc: ["body", key], msg: "value is not a valid integer", type: "type_error.integer" },
    ]);
  return v;
}

function num(b: Record<string, unknown>, key: string): number {
  const v = b[key];
  if (typeof v !== "number" || !Number.isFinite(v))
    throw new Invalid([{ loc: ["body", key], msg: "value is not a valid float", type: "type_error.float" }]);
  return v;
}

function address(b: Record<string, unknown>, key: string): Address {
  const v = b[key];
  if (typeof v !== "string" || !isAddress(v, { strict: false }))
    throw new Invalid([{ loc: ["body", key], msg: "invalid address", type: "value_error" }]);
  return getAddress(v.toLowerCase());
}

/** `inputTokens` ({tokenAddress, amount: base units string}) or `outputTokens` ({tokenAddress, proportion}). */
function tokenList(b: Record<string, unknown>, key: string, field: "amount" | "proportion") {
  const list = b[key];
  if (!Array.isArray(list) || list.length === 0)
    throw new Invalid([
      {
        loc: ["body", key],
        msg: "ensure this value has at least 1 items",
        type: "value_error.list.min_items",
      },
    ]);
  return list.map((item, i) => {
    const loc = ["body", key, i];
    if (!item || typeof item !== "object")
      throw new Invalid([{ loc, msg: "value is not a valid dict", type: "type_error.dict" }]);
    const o = item as Record<string, unknown>;
    const extra = Object.keys(o).filter((k) => k !== "tokenAddress" && k !== field);
    if (extra.length)
      throw new Invalid([
        { loc: [...loc, extra[0]!], msg: "extra fields not permitted", type: "value_error.extra" },
      ]);
    if (typeof o.tokenAddress !== "string" || !isAddress(o.tokenAddress, { strict: false }))
      throw new Invalid([{ loc: [...loc, "tokenAddress"], msg: "invalid address", type: "value_error" }]);
    const token = getAddress(o.tokenAddress.toLowerCase());
    if (field === "amount") {
      if (typeof o.amount !== "string" || !/^[0-9]+$/.test(o.amount))
        throw new Invalid([
          { loc: [...loc, "amount"], msg: "amount must be a base-unit integer string", type: "value_error" },
        ]);
      return { token, value: BigInt(o.amount) as bigint | number };
    }
    if (typeof o.proportion !== "number" || o.proportion <= 0 || o.proportion > 1)
      throw new Invalid([
        { loc: [...loc, "proportion"], msg: "proportion must be in (0, 1]", type: "value_error" },
      ]);
    return { token, value: o.proportion as bigint | number };
  });
}
