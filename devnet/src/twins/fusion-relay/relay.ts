import { randomBytes } from "node:crypto";
import {
  AmountMode,
  buildOrderTypedData,
  Extension,
  getOrderHash,
  LimitOrder,
  type LimitOrderV4Struct,
  TakerTraits,
} from "@1inch/limit-order-sdk";
import { LIMIT_ORDER_PROTOCOL_DOMAIN, limitOrderProtocolAbi } from "@compass/constants";
import {
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  isAddress,
  maxUint256,
  type PublicClient,
  parseAbi,
} from "viem";
import type { DevnetAddressBook } from "../../addressbook.ts";
import { DEVNET_EQUITIES, EQUITIES_T0, equitySeed } from "../../tokenized/equities.ts";
import { seededPrice } from "../../tokenized/price-model.ts";
import { passes, roleOnChain } from "../kit/index.ts";
import { inRegularSession } from "./session.ts";

export const CHAIN_ID = 1;
/** a quote id is good for this long, devnet seconds */
export const QUOTE_TTL_SECONDS = 120;
/** the market maker's half-spread around its reference price */
const SPREAD_BPS = 10n;
/** worst-case gap between the auction's start and end amounts */
export const AUCTION_RANGE_BPS = 100;
/** how long the auction runs (the fills' upper bound), seconds */
export const AUCTION_SECONDS = 180;
/** each fill takes at most this share of the order (auction steps) */
const STEP_BPS = 5_000n;
const BPS = 10_000n;
const ONE = 10n ** 18n;
const ERC1271_MAGIC = "0x1626ba7e";
const erc1271Abi = parseAbi([
  "function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)",
]);

/** An error in the relay's wire format: `{statusCode, error, description}`. */
export class RelayError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
  ) {
    super(description);
  }
}

export interface StoredQuote {
  quoteId: string;
  fromToken: Address;
  toToken: Address;
  wallet: Address;
  fromAmount: string;
  auctionStartAmount: string;
  auctionEndAmount: string;
  createdAt: number;
  expiresAt: number;
  used?: string;
}

export interface Fill {
  txHash: Hex;
  filledMakerAmount: string;
  filledAuctionTakerAmount: string;
  at: number;
}

export type OrderState = "pending" | "partially-filled" | "filled" | "expired" | "cancelled";

export interface StoredOrder {
  orderHash: Hex;
  order: LimitOrderV4Struct;
  extension: Hex;
  signature: Hex;
  quoteId: string;
  status: OrderState;
  fills: Fill[];
  createdAt: number;
  updatedAt: number;
}

export interface RelayState {
  quotes: Record<string, StoredQuote>;
  orders: Record<string, StoredOrder>;
}

interface Listed {
  symbol: string;
  address: Address;
  decimals: number;
  seed: bigint;
  p0: bigint;
  apyBps: number;
  volBps: number;
}

/**
 * The relay: quotes from its own price model, orders checked as strictly as a relay that will put its market
 * maker's funds against them (hash recomputed and asked of the protocol, ERC-1271 signature asked of the maker),
 * fills by `market_maker` through `fillContractOrder` in steps, only in the regular session, never after the
 * order's expiry or its cancellation on chain.
 */
export class EquityRelay {
  readonly lop: Address;
  readonly usdc: Address;
  private readonly listed: Listed[];
  private readonly client: PublicClient;
  private readonly fill: (data: Hex) => Promise<Hex>;
  readonly now: () => Promise<number>;

  constructor(
    book: DevnetAddressBook,
    devnetDir: string,
    readonly state: RelayState,
    private readonly save: () => void,
  ) {
    const entry = book.chains.ethereum;
    const lop = entry?.contracts.LimitOrderProtocol;
    if (!entry || !lop) throw new Error("the address book lists no LimitOrderProtocol on ethereum");
    this.lop = getAddress(lop);
    this.usdc = getAddress(book.tokens!.ethereum!.USDC!.address);
    this.listed = DEVNET_EQUITIES.flatMap((e) => {
      const token = book.tokens?.ethereum?.[e.asset.symbol];
      if (!token) return [];
      return [
        {
          symbol: e.asset.symbol,
          address: getAddress(token.address),
          decimals: e.asset.decimals,
          seed: equitySeed(e.asset.symbol),
          p0: BigInt(Math.round(Number(e.p0) * 1e6)) * 10n ** 12n,
          apyBps: e.apyBps,
          volBps: e.volBps,
        },
      ];
    });
    const ethereum = roleOnChain(book, devnetDir, "ethereum", "market_maker");
    this.client = ethereum.client;
    this.now = () => ethereum.now();
    this.fill = (data) => ethereum.send(this.lop, data, "fill");
  }

  private equity(address: Address): Listed | undefined {
    return this.listed.find((l) => l.address === address);
  }

  /** USD per share now, 18 decimals. */
  price(equity: Listed, t: number): bigint {
    return seededPrice({ ...equity, t0: EQUITIES_T0 }, t);
  }

  /** What the market maker gives for `amount` of `from`, at its price at `t` less its spread. */
  private offer(from: Address, to: Address, amount: bigint, t: number): bigint {
    const buy = this.equity(to);
    const sell = this.equity(from);
    if (buy && from === this.usdc) {
      // USDC (6 decimals) → shares (18 decimals)
      const shares = (amount * 10n ** 12n * ONE) / this.price(buy, t);
      return (shares * (BPS - SPREAD_BPS)) / BPS;
    }
    if (sell && to === this.usdc) {
      const usdc = (amount * this.price(sell, t)) / ONE / 10n ** 12n;
      return (usdc * (BPS - SPREAD_BPS)) / BPS;
    }
    throw new RelayError(400, "Unsupported token pair: one side must be USDC and the other a listed equity");
  }

  async quote(params: URLSearchParams): Promise<StoredQuote & { prices: Record<string, string> }> {
    const allowed = ["fromTokenAddress", "toTokenAddress", "amount", "walletAddress"];
    for (const key of params.keys())
      if (!allowed.includes(key)) throw new RelayError(400, `Unknown query parameter: ${key}`);
    const from = addressParam(params, "fromTokenAddress");
    const to = addressParam(params, "toTokenAddress");
    const wallet = addressParam(params, "walletAddress");
    const amountText = params.get("amount") ?? "";
    if (!/^[1-9][0-9]{0,40}$/.test(amountText))
      throw new RelayError(400, "amount must be a positive integer in the token's base units");
    const amount = BigInt(amountText);
    const now = await this.now();
    const start = this.offer(from, to, amount, now);
    if (start === 0n) throw new RelayError(400, "amount is too small to quote");
    const end = (start * (BPS - BigInt(AUCTION_RANGE_BPS))) / BPS;
    const quote: StoredQuote = {
      quoteId: randomBytes(16).toString("hex"),
      fromToken: from,
      toToken: to,
      wallet,
      fromAmount: amount.toString(),
      auctionStartAmount: start.toString(),
      auctionEndAmount: end.toString(),
      createdAt: now,
      expiresAt: now + QUOTE_TTL_SECONDS,
    };
    this.state.quotes[quote.quoteId] = quote;
    this.prune(now);
    this.save();
    const equity = this.equity(from) ?? this.equity(to)!;
    return { ...quote, prices: { [equity.address]: formatUsd(this.price(equity, now)), [this.usdc]: "1" } };
  }

  /** Accepts a signed order for a live quote; rejects anything it would not put its market maker against. */
  async submit(body: unknown): Promise<StoredOrder> {
    const input = strictObject(body, ["order", "signature", "quoteId", "extension"], "body");
    const order = strictObject(
      input.order,
      [
        "salt",
        "maker",
        "receiver",
        "makerAsset",
        "takerAsset",
        "makingAmount",
        "takingAmount",
        "makerTraits",
      ],
      "order",
    ) as unknown as LimitOrderV4Struct;
    for (const key of ["salt", "makingAmount", "takingAmount", "makerTraits"] as const)
      if (typeof order[key] !== "string" || !/^[0-9]+$/.test(order[key]))
        throw new RelayError(400, `order.${key} must be a decimal integer string`);
    for (const key of ["maker", "receiver", "makerAsset", "takerAsset"] as const)
      if (typeof order[key] !== "string" || !isAddress(order[key], { strict: false }))
        throw new RelayError(400, `order.${key} must be an address`);
    const signature = hexField(input.signature, "signature");
    const extension = hexField(input.extension, "extension");
    if (typeof input.quoteId !== "string") throw new RelayError(400, "quoteId must be a string");
    const now = await this.now();
    const quote = this.state.quotes[input.quoteId];
    if (!quote) throw new RelayError(404, "Unknown quoteId");
    if (now >= quote.expiresAt) throw new RelayError(410, "Quote expired: request a new quote");
    if (quote.used) throw new RelayError(409, "Quote already used by another order");
    let limitOrder: LimitOrder;
    try {
      limitOrder = LimitOrder.fromDataAndExtension(order, Extension.decode(extension));
    } catch (error) {
      throw new RelayError(400, `Invalid order: ${(error as Error).message}`);
    }
    const traits = limitOrder.makerTraits;
    const maker = getAddress(order.maker);
    if (maker !== quote.wallet) throw new RelayError(400, "order.maker is not the quote's walletAddress");
    if (getAddress(order.makerAsset) !== quote.fromToken || getAddress(order.takerAsset) !== quote.toToken)
      throw new RelayError(400, "order assets differ from the quote's");
    if (BigInt(order.makingAmount) !== BigInt(quote.fromAmount))
      throw new RelayError(400, "order.makingAmount differs from the quote's amount");
    if (BigInt(order.takingAmount) > BigInt(quote.auctionStartAmount))
      throw new RelayError(
        400,
        `order.takingAmount ${order.takingAmount} is above the auction's start amount ${quote.auctionStartAmount}: no market maker can fill it (raise the slippage)`,
      );
    if (
      order.receiver !== "0x0000000000000000000000000000000000000000" &&
      getAddress(order.receiver) !== maker
    )
      throw new RelayError(400, "order.receiver must be the maker (or zero)");
    if (!traits.isPartialFillAllowed() || !traits.isMultipleFillsAllowed())
      throw new RelayError(400, "order.makerTraits must allow partial and multiple fills (auction steps)");
    if (traits.isPrivate()) throw new RelayError(400, "order.makerTraits must allow any taker");
    if (traits.hasPreInteraction() || traits.hasPostInteraction() || traits.isPermit2())
      throw new RelayError(400, "order.makerTraits: interactions and Permit2 are not supported");
    const expiration = traits.expiration();
    if (expiration === null || Number(expiration) <= now)
      throw new RelayError(400, "order.makerTraits must carry an expiration in the future");
    const typed = buildOrderTypedData(
      CHAIN_ID,
      this.lop,
      LIMIT_ORDER_PROTOCOL_DOMAIN.name,
      LIMIT_ORDER_PROTOCOL_DOMAIN.version,
      order,
    );
    const orderHash = getOrderHash(typed) as Hex;
    const onChain = await this.client.readContract({
      address: this.lop,
      abi: limitOrderProtocolAbi,
      functionName: "hashOrder",
      args: [toStruct(order)],
    });
    if (onChain.toLowerCase() !== orderHash.toLowerCase())
      throw new RelayError(500, `order hash mismatch with the protocol (${onChain} ≠ ${orderHash})`);
    if (this.state.orders[orderHash]) throw new RelayError(409, "Order already submitted");
    const magic = await this.client
      .readContract({
        address: maker,
        abi: erc1271Abi,
        functionName: "isValidSignature",
        args: [orderHash, signature],
      })
      .catch(() => undefined);
    if (magic?.toLowerCase() !== ERC1271_MAGIC)
      throw new RelayError(400, "Bad signature: the maker does not accept it for this order hash (ERC-1271)");
    if (!inRegularSession(now))
      throw new RelayError(409, "Market closed: orders are accepted during the NYSE regular session");
    const stored: StoredOrder = {
      orderHash,
      order: {
        ...order,
        maker,
        makerAsset: getAddress(order.makerAsset),
        takerAsset: getAddress(order.takerAsset),
      },
      extension,
      signature,
      quoteId: quote.quoteId,
      status: "pending",
      fills: [],
      createdAt: now,
      updatedAt: now,
    };
    quote.used = orderHash;
    this.state.orders[orderHash] = stored;
    this.save();
    return stored;
  }

  order(hash: string): StoredOrder {
    const order = this.state.orders[hash.toLowerCase()] ?? this.state.orders[hash];
    if (!order) throw new RelayError(404, "Order not found");
    return order;
  }

  /** One pass over the open orders, after any pass in flight: it sees the time it was asked at. */
  readonly tick = passes(() => this.pass());

  private async pass(): Promise<void> {
    const open = Object.values(this.state.orders).filter(
      (o) => o.status === "pending" || o.status === "partially-filled",
    );
    if (!open.length) return;
    const now = await this.now();
    for (const order of open) {
      try {
        await this.work(order, now);
      } catch (error) {
        console.error(`equity relay: order ${order.orderHash}: ${(error as Error).message}`);
      }
    }
    this.save();
  }

  private filled(order: StoredOrder): bigint {
    return order.fills.reduce((sum, f) => sum + BigInt(f.filledMakerAmount), 0n);
  }

  private async work(order: StoredOrder, now: number): Promise<void> {
    const making = BigInt(order.order.makingAmount);
    const raw = await this.client.readContract({
      address: this.lop,
      abi: limitOrderProtocolAbi,
      functionName: "rawRemainingInvalidatorForOrder",
      args: [order.order.maker as Address, order.orderHash],
    });
    const filled = this.filled(order);
    if (raw === maxUint256 && filled < making) return this.settle(order, "cancelled", now);
    const traits = LimitOrder.fromDataAndExtension(
      order.order,
      Extension.decode(order.extension),
    ).makerTraits;
    if (Number(traits.expiration()) <= now) return this.settle(order, "expired", now);
    if (!inRegularSession(now)) return;
    const remaining = making - filled;
    const step = (making * STEP_BPS) / BPS;
    const amount = remaining - step < making / 100n ? remaining : step;
    const taking = BigInt(order.order.takingAmount);
    // the market maker takes the step only if the order's limit is no better for the maker than its own offer now
    const offer = this.offer(
      getAddress(order.order.makerAsset),
      getAddress(order.order.takerAsset),
      amount,
      now,
    );
    const due = (amount * taking + making - 1n) / making;
    if (offer < due) return;
    // maker-amount mode: `amount` is the making amount this step takes; no extension or interaction args
    const { trait } = TakerTraits.default().setAmountMode(AmountMode.maker).encode();
    const data = encodeFunctionData({
      abi: limitOrderProtocolAbi,
      functionName: "fillContractOrder",
      args: [toStruct(order.order), order.signature, amount, BigInt(trait)],
    });
    const txHash = await this.fill(data);
    order.fills.push({
      txHash,
      filledMakerAmount: amount.toString(),
      filledAuctionTakerAmount: due.toString(),
      at: now,
    });
    this.settle(order, amount === remaining ? "filled" : "partially-filled", now);
  }

  private settle(order: StoredOrder, status: OrderState, now: number) {
    order.status = status;
    order.updatedAt = now;
  }

  /** Status in the relay's wire shape. */
  view(order: StoredOrder, now: number) {
    const quote = this.state.quotes[order.quoteId];
    const equity =
      this.equity(getAddress(order.order.makerAsset)) ?? this.equity(getAddress(order.order.takerAsset));
    return {
      orderHash: order.orderHash,
      status: order.status,
      order: order.order,
      extension: order.extension,
      quoteId: order.quoteId,
      fills: order.fills.map(({ txHash, filledMakerAmount, filledAuctionTakerAmount }) => ({
        txHash,
        filledMakerAmount,
        filledAuctionTakerAmount,
      })),
      createdAt: order.createdAt * 1000,
      updatedAt: order.updatedAt * 1000,
      auctionStartDate: order.createdAt,
      auctionDuration: AUCTION_SECONDS,
      auctionStartAmount: quote?.auctionStartAmount ?? null,
      auctionEndAmount: quote?.auctionEndAmount ?? null,
      remainingMakerAmount: (BigInt(order.order.makingAmount) - this.filled(order)).toString(),
      equityPriceUsd: equity ? formatUsd(this.price(equity, now)) : null,
    };
  }

  /** Spot prices in USD of listed equities (and USDC), as the price API answers: address → decimal string. */
  async spotPrices(addresses: string, params: URLSearchParams): Promise<Record<string, string>> {
    for (const key of params.keys())
      if (key !== "currency") throw new RelayError(400, `Unknown query parameter: ${key}`);
    if ((params.get("currency") ?? "USD") !== "USD") throw new RelayError(400, "currency must be USD");
    const now = await this.now();
    const out: Record<string, string> = {};
    for (const text of addresses.split(",")) {
      if (!isAddress(text, { strict: false })) throw new RelayError(400, `not an address: ${text}`);
      const address = getAddress(text);
      const equity = this.equity(address);
      if (equity) out[address.toLowerCase()] = formatUsd(this.price(equity, now));
      else if (address === this.usdc) out[address.toLowerCase()] = "1";
      else throw new RelayError(400, `Unsupported token: ${address}`);
    }
    return out;
  }

  /** A line chart of an equity's USD price over `period` (24H hourly … AllTime daily), oldest first. */
  async chart(tokenText: string, period: string): Promise<{ time: number; value: string }[]> {
    if (!isAddress(tokenText, { strict: false })) throw new RelayError(400, "token must be an address");
    const equity = this.equity(getAddress(tokenText));
    if (!equity) throw new RelayError(400, `Unsupported token: ${tokenText}`);
    const now = await this.now();
    const spec: Record<string, [number, number]> = {
      "24H": [86_400, 3_600],
      "1W": [7 * 86_400, 3_600],
      "1M": [30 * 86_400, 86_400],
      "1Y": [365 * 86_400, 86_400],
      AllTime: [now - EQUITIES_T0, 86_400],
    };
    const chosen = spec[period];
    if (!chosen) throw new RelayError(400, `period must be one of ${Object.keys(spec).join(", ")}`);
    const [span, step] = chosen;
    const points: { time: number; value: string }[] = [];
    for (let t = now - span; t <= now; t += step)
      points.push({ time: t, value: formatUsd(this.price(equity, Math.max(t, EQUITIES_T0))) });
    if (points.at(-1)!.time !== now) points.push({ time: now, value: formatUsd(this.price(equity, now)) });
    return points;
  }

  /**
   * OHLC candles of an equity's USD price, `seconds` wide, from `from` to `to` (unix seconds, at most 1,500
   * candles): the model is linear between 5-minute knots, so up to hourly candles sampling every knot is exact.
   */
  async candles(tokenText: string, seconds: number, params: URLSearchParams) {
    for (const key of params.keys())
      if (key !== "from" && key !== "to") throw new RelayError(400, `Unknown query parameter: ${key}`);
    if (!isAddress(tokenText, { strict: false })) throw new RelayError(400, "token must be an address");
    const equity = this.equity(getAddress(tokenText));
    if (!equity) throw new RelayError(400, `Unsupported token: ${tokenText}`);
    const allowed = [60, 300, 900, 3_600, 14_400, 43_200, 86_400];
    if (!allowed.includes(seconds)) throw new RelayError(400, `seconds must be one of ${allowed.join(", ")}`);
    const now = await this.now();
    const to = Math.min(Number(params.get("to") ?? now), now);
    const from = Math.max(Number(params.get("from") ?? to - 100 * seconds), EQUITIES_T0);
    if (!Number.isFinite(from) || !Number.isFinite(to) || from >= to)
      throw new RelayError(400, "from must be before to");
    if ((to - from) / seconds > 1_500) throw new RelayError(400, "at most 1500 candles per request");
    const step = Math.max(300, Math.ceil(seconds / 12 / 300) * 300);
    const data = [];
    for (let start = Math.floor(from / seconds) * seconds; start < to; start += seconds) {
      const end = Math.min(start + seconds, to);
      const open = this.price(equity, Math.max(start, EQUITIES_T0));
      const close = this.price(equity, end);
      let high = open > close ? open : close;
      let low = open < close ? open : close;
      for (let t = Math.ceil((start + 1) / step) * step; t < end; t += step) {
        const v = this.price(equity, t);
        if (v > high) high = v;
        if (v < low) low = v;
      }
      data.push({
        time: start,
        open: formatUsd(open),
        high: formatUsd(high),
        low: formatUsd(low),
        close: formatUsd(close),
      });
    }
    return data;
  }

  private prune(now: number) {
    for (const [id, q] of Object.entries(this.state.quotes))
      if (!q.used && q.expiresAt < now - 86_400) delete this.state.quotes[id];
  }
}

function addressParam(params: URLSearchParams, key: string): Address {
  const value = params.get(key);
  if (!value || !isAddress(value, { strict: false })) throw new RelayError(400, `${key} must be an address`);
  return getAddress(value);
}

function strictObject(value: unknown, keys: string[], what: string): Record<string, unknown> {
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new RelayError(400, `${what} must be an object`);
  for (const key of Object.keys(value))
    if (!keys.includes(key)) throw new RelayError(400, `${what}: unknown field ${key}`);
  for (const key of keys) if (!(key in value)) throw new RelayError(400, `${what}: missing field ${key}`);
  return value as Record<string, unknown>;
}

function hexField(value: unknown, what: string): Hex {
  if (typeof value !== "string" || !/^0x([0-9a-fA-F]{2})*$/.test(value))
    throw new RelayError(400, `${what} must be 0x hex`);
  return value as Hex;
}

function toStruct(o: LimitOrderV4Struct) {
  return {
    salt: BigInt(o.salt),
    maker: BigInt(o.maker),
    receiver: BigInt(o.receiver),
    makerAsset: BigInt(o.makerAsset),
    takerAsset: BigInt(o.takerAsset),
    makingAmount: BigInt(o.makingAmount),
    takingAmount: BigInt(o.takingAmount),
    makerTraits: BigInt(o.makerTraits),
  };
}

function formatUsd(value: bigint): string {
  const cents = value / 10n ** 12n;
  const whole = cents / 1_000_000n;
  const frac = (cents % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : `${whole}`;
}
