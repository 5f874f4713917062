import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type Address, encodeFunctionData, erc20Abi, getAddress, maxUint256, type PublicClient } from "viem";
import { sendJson } from "../kit/index.ts";
import { type PoolIndex, type Route, swapCalldata } from "./routing.ts";

/**
 * The 1inch Swap API (classic swap, v6.0) as its documentation describes it: `/swap/v6.0/{chainId}/quote`,
 * `/swap`, `/approve/spender`, `/approve/transaction`, `/approve/allowance`, `/tokens`, a Bearer key, amounts
 * in base units, parameters validated as strictly as the real service (unknown ones, wrong case in booleans
 * and malformed values are 400s), its error object `{error, description, statusCode, requestId, meta}`.
 * Routes come from the devnet's Uniswap v3 pools; the swap transaction calls Uniswap's own SwapRouter, which
 * is therefore the spender `/approve/spender` names (the real service names its AggregationRouter).
 */

export interface OneInchChain {
  chainId: number;
  client: PublicClient;
  router: Address;
  index: PoolIndex;
  /** symbol, name, decimals of the tokens the chain lists (others are read from the token itself) */
  listed: Map<string, TokenInfo>;
}

export interface TokenInfo {
  address: Address;
  symbol: string;
  name: string;
  decimals: number;
  logoURI: string;
  tags: string[];
}

/** The parameters each endpoint documents; anything else is refused as the real API's validation does. */
const QUOTE_PARAMS = [
  "src",
  "dst",
  "amount",
  "protocols",
  "fee",
  "gasPrice",
  "complexityLevel",
  "parts",
  "mainRouteParts",
  "gasLimit",
  "includeTokensInfo",
  "includeProtocols",
  "includeGas",
  "connectorTokens",
  "excludedProtocols",
] as const;
const SWAP_PARAMS = [
  ...QUOTE_PARAMS,
  "from",
  "origin",
  "slippage",
  "permit",
  "receiver",
  "referrer",
  "allowPartialFill",
  "disableEstimate",
  "usePermit2",
  "compatibility",
] as const;
const PROTOCOL = "UNISWAP_V3";
/** How long a swap transaction stays valid (the router checks a deadline). */
const DEADLINE_SECONDS = 1200n;

export class OneInchError extends Error {
  constructor(
    readonly statusCode: number,
    readonly description: string,
    readonly meta: { type: string; value: string }[] = [],
  ) {
    super(description);
  }
}

const bad = (description: string, meta: { type: string; value: string }[] = []) =>
  new OneInchError(400, description, meta);

type Params = Record<string, string>;

function readParams(url: URL, allowed: readonly string[]): Params {
  const params: Params = {};
  for (const [key, value] of url.searchParams) {
    if (!allowed.includes(key)) throw bad(`property ${key} should not exist`);
    if (key in params) throw bad(`${key} must be a single value`);
    params[key] = value;
  }
  return params;
}

function address(params: Params, key: string, required: boolean): Address | undefined {
  const value = params[key];
  if (value === undefined || value === "") {
    if (required) throw bad(`${key.charAt(0).toUpperCase()}${key.slice(1)} is not set`);
    return undefined;
  }
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw bad(`${key} must be a valid address`);
  return getAddress(value);
}

function bool(params: Params, key: string): boolean {
  const value = params[key];
  if (value === undefined) return false;
  // documented: booleans are case sensitive, `True` is not `true`
  if (value !== "true" && value !== "false") throw bad(`${key} must be a boolean value`);
  return value === "true";
}

function number(params: Params, key: string, min: number, max: number): number | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n)) throw bad(`${key} must be a number`);
  if (n < min) throw bad(`${key} must not be less than ${min}`);
  if (n > max) throw bad(`${key} must not be greater than ${max}`);
  return n;
}

function amountOf(params: Params): bigint {
  const value = params.amount;
  if (value === undefined || value === "") throw bad("Amount is not set");
  if (!/^[0-9]+$/.test(value)) throw bad("amount must be an integer string in the token's base units");
  const amount = BigInt(value);
  if (amount === 0n) throw bad("amount must be greater than 0");
  return amount;
}

function list(params: Params, key: string): string[] | undefined {
  const value = params[key];
  return value === undefined
    ? undefined
    : value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
}

export class OneInchApi {
  constructor(
    private readonly chains: Map<number, OneInchChain>,
    private readonly apiKey: string | undefined,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = randomUUID();
    try {
      const body = await this.route(req);
      sendJson(res, 200, body);
    } catch (error) {
      if (!(error instanceof OneInchError)) throw error;
      const error_ =
        error.statusCode === 401 ? "Unauthorized" : error.statusCode === 404 ? "Not Found" : "Bad Request";
      sendJson(res, error.statusCode, {
        error: error_,
        description: error.description,
        statusCode: error.statusCode,
        requestId,
        meta: error.meta,
      });
    }
  }

  private async route(req: IncomingMessage): Promise<unknown> {
    const url = new URL(req.url ?? "/", "http://aggregator");
    const match =
      /^\/swap\/v6\.0\/(\d+)\/(quote|swap|approve\/spender|approve\/transaction|approve\/allowance|tokens)\/?$/.exec(
        url.pathname,
      );
    if (!match) throw new OneInchError(404, `Cannot ${req.method} ${url.pathname}`);
    if (req.method !== "GET") throw new OneInchError(404, `Cannot ${req.method} ${url.pathname}`);
    const auth = req.headers.authorization;
    if (!this.apiKey || auth !== `Bearer ${this.apiKey}`)
      throw new OneInchError(
        401,
        auth ? "Invalid API key" : "Missing Authorization header: Bearer <API key>",
      );
    const chain = this.chains.get(Number(match[1]));
    if (!chain) throw bad(`chain ${match[1]} is not supported`);
    switch (match[2]) {
      case "quote":
        return this.quote(chain, readParams(url, QUOTE_PARAMS));
      case "swap":
        return this.swap(chain, readParams(url, SWAP_PARAMS));
      case "approve/spender":
        readParams(url, []);
        return { address: chain.router };
      case "approve/transaction": {
        const params = readParams(url, ["tokenAddress", "amount"]);
        const token = address(params, "tokenAddress", true)!;
        const amount = params.amount === undefined ? maxUint256 : amountOf(params);
        return {
          data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [chain.router, amount] }),
          gasPrice: String(await chain.client.getGasPrice()),
          to: token,
          value: "0",
        };
      }
      case "approve/allowance": {
        const params = readParams(url, ["tokenAddress", "walletAddress"]);
        const token = address(params, "tokenAddress", true)!;
        const wallet = address(params, "walletAddress", true)!;
        const allowance = await chain.client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: "allowance",
          args: [wallet, chain.router],
        });
        return { allowance: String(allowance) };
      }
      default:
        readParams(url, []);
        return {
          tokens: Object.fromEntries([...chain.listed.values()].map((t) => [t.address.toLowerCase(), t])),
        };
    }
  }

  private async common(chain: OneInchChain, params: Params) {
    const src = address(params, "src", true)!;
    const dst = address(params, "dst", true)!;
    const amount = amountOf(params);
    if (src === dst) throw bad("src and dst tokens must be different");
    const fee = number(params, "fee", 0, 3);
    if (fee) throw bad("fee is not supported: this aggregator takes no integrator fee (fee must be 0)");
    const complexity = number(params, "complexityLevel", 0, 3);
    const parts = number(params, "parts", 1, 100);
    number(params, "mainRouteParts", 1, 50);
    number(params, "gasLimit", 1, 30_000_000);
    if (params.gasPrice !== undefined && !/^[0-9]+$/.test(params.gasPrice))
      throw bad("gasPrice must be a number");
    for (const key of ["connectorTokens"])
      for (const a of list(params, key) ?? [])
        if (!/^0x[0-9a-fA-F]{40}$/.test(a)) throw bad(`${key} must contain valid addresses`);
    const [srcToken, dstToken] = await Promise.all([this.token(chain, src), this.token(chain, dst)]);
    const protocols = list(params, "protocols");
    const excluded = list(params, "excludedProtocols");
    const allowed = (!protocols || protocols.includes(PROTOCOL)) && !(excluded ?? []).includes(PROTOCOL);
    let route: Route | null = null;
    if (allowed) {
      const connectors = complexity === 0 ? [] : (list(params, "connectorTokens") as Address[] | undefined);
      route = await chain.index.route(src, dst, amount, { connectors, split: parts !== 1 });
    }
    if (!route || route.amountOut === 0n) throw bad("insufficient liquidity");
    return { src, dst, amount, srcToken, dstToken, route };
  }

  private describe(params: Params, q: Awaited<ReturnType<OneInchApi["common"]>>) {
    return {
      ...(bool(params, "includeTokensInfo") ? { srcToken: q.srcToken, dstToken: q.dstToken } : {}),
      dstAmount: String(q.route.amountOut),
      ...(bool(params, "includeProtocols") ? { protocols: protocolsOf(q.route) } : {}),
      ...(bool(params, "includeGas") ? { gas: Number(q.route.gas) } : {}),
    };
  }

  private async quote(chain: OneInchChain, params: Params) {
    return this.describe(params, await this.common(chain, params));
  }

  private async swap(chain: OneInchChain, params: Params) {
    const from = address(params, "from", true)!;
    const receiver = address(params, "receiver", false) ?? from;
    address(params, "origin", false);
    address(params, "referrer", false);
    const slippage = number(params, "slippage", 0, 50);
    if (slippage === undefined) throw bad("slippage is not set");
    for (const key of ["allowPartialFill", "usePermit2", "compatibility"]) bool(params, key);
    if (params.permit !== undefined && !/^0x[0-9a-fA-F]*$/.test(params.permit))
      throw bad("permit must be hex");
    const disableEstimate = bool(params, "disableEstimate");
    const q = await this.common(chain, params);
    const head = await chain.client.getBlock({ blockTag: "latest" });
    const data = swapCalldata(q.route, receiver, head.timestamp + DEADLINE_SECONDS, slippage);
    let gas = q.route.gas;
    if (!disableEstimate) {
      const [balance, allowance] = await Promise.all([
        chain.client.readContract({ address: q.src, abi: erc20Abi, functionName: "balanceOf", args: [from] }),
        chain.client.readContract({
          address: q.src,
          abi: erc20Abi,
          functionName: "allowance",
          args: [from, chain.router],
        }),
      ]);
      if (balance < q.amount)
        throw bad(`Not enough ${q.srcToken.symbol} balance. Amount: ${q.amount}. Balance: ${balance}.`, [
          { type: "amount", value: String(q.amount) },
          { type: "balance", value: String(balance) },
        ]);
      if (allowance < q.amount)
        throw bad(
          `Not enough allowance. Amount: ${q.amount}. Allowance: ${allowance}. Spender: ${chain.router}`,
          [
            { type: "allowance", value: String(allowance) },
            { type: "spender", value: chain.router },
          ],
        );
      gas = await chain.client.estimateGas({ account: from, to: chain.router, data }).catch(() => {
        throw bad("cannot estimate. Don't forget about miner fee. Try to leave the buffer of ETH for gas");
      });
    }
    return {
      ...this.describe(params, q),
      tx: {
        from,
        to: chain.router,
        data,
        value: "0",
        gas: Number(gas),
        gasPrice: String(await chain.client.getGasPrice()),
      },
    };
  }

  private async token(chain: OneInchChain, token: Address): Promise<TokenInfo> {
    const listed = chain.listed.get(token.toLowerCase());
    if (listed) return listed;
    const read = <T>(functionName: "symbol" | "name" | "decimals") =>
      chain.client.readContract({ address: token, abi: erc20Abi, functionName }) as Promise<T>;
    try {
      const [symbol, name, decimals] = await Promise.all([
        read<string>("symbol"),
        read<string>("name"),
        read<number>("decimals"),
      ]);
      const info = { address: token, symbol, name, decimals, logoURI: "", tags: ["tokens"] };
      chain.listed.set(token.toLowerCase(), info);
      return info;
    } catch {
      throw bad(`cannot sync token ${token} info`);
    }
  }
}

/** 1inch's `protocols`: routes → hops → the parts each protocol takes of the hop. */
function protocolsOf(route: Route) {
  const total = route.amountIn;
  return route.legs.map((leg) =>
    leg.hops.map((hop) => [
      {
        name: PROTOCOL,
        part: Number((leg.amountIn * 100n) / total),
        fromTokenAddress: hop.from.toLowerCase(),
        toTokenAddress: hop.to.toLowerCase(),
      },
    ]),
  );
}
