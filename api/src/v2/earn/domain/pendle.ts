import {
  pendleMarketAbi,
  pendleMarketFactoryAbi,
  pendleRouterMiscAbi,
  pendleRouterStaticAbi,
  pendleRouterSwapPtAbi,
  pendleStandardizedYieldAbi,
} from "@compass/constants";
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  isAddress,
  type PublicClient,
  parseAbi,
  zeroAddress,
} from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { isWrongContract } from "../../../kernel/chain/contract-check.ts";
import type { Erc20 } from "../../../kernel/chain/erc20.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { RevertError } from "../../../kernel/chain/revert.ts";
import { addressBook, type Config } from "../../../kernel/config/env.ts";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";

/**
 * Pendle v2 on a chain, found through the deployment's address book: the router the account trades through
 * (`PendleRouter`, Pendle's PendleRouterV4), the quoting router (`PendleRouterStatic`, the view contract
 * Pendle's own app quotes with) and the market factory that vouches for markets (`PendleMarketFactory`).
 * Production changes addresses, not code.
 */
export interface PendleDeployment {
  router: Address;
  routerStatic: Address;
  marketFactory: Address;
}

export function pendleDeployment(config: Config, chain: ChainName): PendleDeployment | null {
  const c = addressBook(config)?.chains[chain]?.contracts ?? {};
  if (!c.PendleRouter || !c.PendleRouterStatic || !c.PendleMarketFactory) return null;
  return {
    router: getAddress(c.PendleRouter),
    routerStatic: getAddress(c.PendleRouterStatic),
    marketFactory: getAddress(c.PendleMarketFactory),
  };
}

export function requirePendle(config: Config, chain: ChainName, loc: Loc): PendleDeployment {
  const d = pendleDeployment(config, chain);
  if (!d) throw fieldError(loc, `Pendle is not configured on ${chain} in this deployment`);
  return d;
}

/** Pendle's router errors (contracts/core/libraries/Errors.sol) a trade may revert with. */
export const pendleRouterErrorsAbi = parseAbi([
  "error RouterInsufficientPtOut(uint256 actualPtOut, uint256 requiredPtOut)",
  "error RouterInsufficientTokenOut(uint256 actualTokenOut, uint256 requiredTokenOut)",
  "error RouterInsufficientSyOut(uint256 actualSyOut, uint256 requiredSyOut)",
  "error MarketExpired()",
  "error MarketProportionTooHigh(int256 proportion, int256 maxProportion)",
  "error MarketExchangeRateBelowOne(int256 exchangeRate)",
  "error ApproxFail()",
]);

/** The market's fixed parts: its tokens, expiry and the SY's accounting asset. */
export interface PendleMarket {
  address: Address;
  sy: Erc20;
  pt: Erc20 & { name: string };
  yt: Address;
  /** unix seconds */
  expiry: number;
  /** what the PT redeems into at expiry (the SY's accounting asset) */
  asset: Erc20 & { name: string };
  /** what the SY mints from and redeems into */
  tokensIn: Address[];
  tokensOut: Address[];
}

/** The market's state now. */
export interface PendleMarketState {
  expired: boolean;
  totalPt: bigint;
  totalSy: bigint;
  totalLp: bigint;
  /** ln(1 + the yearly fee rate), 1e18 */
  lnFeeRateRoot: bigint;
  /** ln(1 + implied APY), 1e18 */
  lastLnImpliedRate: bigint;
  /** asset per PT and SY per PT (1e18): what one PT is worth now at the market's implied rate */
  ptToAsset: bigint;
  ptToSy: bigint;
  /** asset per SY (1e18) */
  syExchangeRate: bigint;
}

const ONE = 10n ** 18n;
const markets = new Map<string, Promise<PendleMarket>>();

/**
 * Reads `text` as a Pendle market the deployment's market factory created (`isValidMarket`): anything else
 * is a 422 naming the field. What never changes (tokens, expiry, asset) is kept.
 */
export function readPendleMarket(
  client: PublicClient,
  chain: ChainName,
  pendle: PendleDeployment,
  text: string,
  loc: Loc,
): Promise<PendleMarket> {
  if (!isAddress(text, { strict: false })) throw fieldError(loc, `'${text}' is not a valid address`);
  const address = getAddress(text.toLowerCase());
  const key = `${client.chain?.id}|${address}`;
  let found = markets.get(key);
  if (!found) {
    found = readMarketOnce(client, chain, pendle, address, loc);
    markets.set(key, found);
    found.catch(() => markets.delete(key));
  }
  return found;
}

async function readMarketOnce(
  client: PublicClient,
  chain: ChainName,
  pendle: PendleDeployment,
  address: Address,
  loc: Loc,
): Promise<PendleMarket> {
  const valid = await client
    .readContract({
      address: pendle.marketFactory,
      abi: pendleMarketFactoryAbi,
      functionName: "isValidMarket",
      args: [address],
    })
    .catch((e) => rethrowRpc(chain, e));
  if (!valid)
    throw fieldError(
      loc,
      `${address} is not a market of this deployment's Pendle market factory on ${chain}`,
    );
  try {
    const [[sy, pt, yt], expiry] = await Promise.all([
      client.readContract({ address, abi: pendleMarketAbi, functionName: "readTokens" }),
      client.readContract({ address, abi: pendleMarketAbi, functionName: "expiry" }),
    ]);
    const erc20 = (token: Address) =>
      Promise.all([
        client.readContract({ address: token, abi: erc20Abi, functionName: "symbol" }),
        client.readContract({ address: token, abi: erc20Abi, functionName: "decimals" }),
        client.readContract({ address: token, abi: erc20Abi, functionName: "name" }),
      ]);
    const syView = <T>(functionName: "assetInfo" | "getTokensIn" | "getTokensOut") =>
      client.readContract({ address: sy, abi: pendleStandardizedYieldAbi, functionName }) as Promise<T>;
    const [[sySymbol, syDecimals], [ptSymbol, ptDecimals, ptName], info, tokensIn, tokensOut] =
      await Promise.all([
        erc20(sy),
        erc20(pt),
        syView<readonly [number, Address, number]>("assetInfo"),
        syView<readonly Address[]>("getTokensIn"),
        syView<readonly Address[]>("getTokensOut"),
      ]);
    const [assetSymbol, assetDecimals, assetName] = await erc20(info[1]);
    return {
      address,
      sy: { address: getAddress(sy), symbol: sySymbol, decimals: Number(syDecimals) },
      pt: { address: getAddress(pt), symbol: ptSymbol, decimals: Number(ptDecimals), name: ptName },
      yt: getAddress(yt),
      expiry: Number(expiry),
      asset: {
        address: getAddress(info[1]),
        symbol: assetSymbol,
        decimals: Number(assetDecimals),
        name: assetName,
      },
      tokensIn: tokensIn.map((t) => getAddress(t)),
      tokensOut: tokensOut.map((t) => getAddress(t)),
    };
  } catch (error) {
    if (isWrongContract(error))
      throw fieldError(loc, `${address} is not a complete Pendle market on ${chain}`);
    return rethrowRpc(chain, error);
  }
}

/**
 * The market's state and PT price now, or at `blockNumber` (one multicall with the client's batching).
 */
export async function readPendleState(
  client: PublicClient,
  pendle: PendleDeployment,
  market: PendleMarket,
  blockNumber?: bigint,
): Promise<PendleMarketState> {
  const at = blockNumber === undefined ? { blockTag: NEXT_BLOCK } : { blockNumber };
  const [state, expired, ptToAsset, ptToSy, syExchangeRate] = await Promise.all([
    client.readContract({
      address: market.address,
      abi: pendleMarketAbi,
      functionName: "readState",
      args: [pendle.router],
      ...at,
    }),
    client.readContract({
      address: market.address,
      abi: pendleMarketAbi,
      functionName: "isExpired",
      ...at,
    }),
    client.readContract({
      address: pendle.routerStatic,
      abi: pendleRouterStaticAbi,
      functionName: "getPtToAssetRate",
      args: [market.address],
      ...at,
    }),
    client.readContract({
      address: pendle.routerStatic,
      abi: pendleRouterStaticAbi,
      functionName: "getPtToSyRate",
      args: [market.address],
      ...at,
    }),
    client.readContract({
      address: market.sy.address,
      abi: pendleStandardizedYieldAbi,
      functionName: "exchangeRate",
      ...at,
    }),
  ]);
  return {
    expired,
    totalPt: state.totalPt,
    totalSy: state.totalSy,
    totalLp: state.totalLp,
    lnFeeRateRoot: state.lnFeeRateRoot,
    lastLnImpliedRate: state.lastLnImpliedRate,
    ptToAsset,
    ptToSy,
    syExchangeRate,
  };
}

/** The market's implied APY in percent: e^(ln implied rate) − 1; null once expired (nothing left to earn). */
export function impliedApyPercent(state: PendleMarketState): number | null {
  if (state.expired) return null;
  return (Math.exp(Number(state.lastLnImpliedRate) / 1e18) - 1) * 100;
}

/** The market's liquidity in its asset's base units: SY at the exchange rate plus PT at its price. */
export function marketLiquidity(state: PendleMarketState): bigint {
  return (state.totalSy * state.syExchangeRate) / ONE + (state.totalPt * state.ptToAsset) / ONE;
}

/** Pendle's "no limit orders" and "no external swap" arguments. */
export const NO_SWAP = { swapType: 0, extRouter: zeroAddress, extCalldata: "0x", needScale: false } as const;
export const NO_LIMIT = {
  limitRouter: zeroAddress,
  epsSkipMarket: 0n,
  normalFills: [],
  flashFills: [],
  optData: "0x",
} as const;

export interface PendleTrade {
  calls: { to: Address; data: `0x${string}` }[];
  /** the quote (base units): PT out for a buy, the asset out for a sale */
  quoted: bigint;
  minimum: bigint;
}

/** Whether the market has expired, read for the next block (batched with the trade's other reads). */
export const isExpired = (client: PublicClient, market: PendleMarket) =>
  client.readContract({
    address: market.address,
    abi: pendleMarketAbi,
    functionName: "isExpired",
    blockTag: NEXT_BLOCK,
  });

/**
 * What `amount` of `token` (one the SY mints from) buys of PT now, from Pendle's static router, with the
 * approximation bounds it derives for the router's binary search around that quote.
 */
export async function quotePtBuy(
  client: PublicClient,
  pendle: PendleDeployment,
  market: PendleMarket,
  token: Erc20,
  amount: bigint,
  slippage: bigint,
) {
  const [netPtOut, , , , , approx] = await client.readContract({
    address: pendle.routerStatic,
    abi: pendleRouterStaticAbi,
    functionName: "swapExactTokenForPtStaticAndGenerateApproxParams",
    args: [market.address, token.address, amount, slippage],
    blockTag: NEXT_BLOCK,
  });
  return { netPtOut, approx };
}

/**
 * A quote the static router refuses (its search for the PT out cannot converge on the market's curve for this
 * amount: `Slippage: APPROX_EXHAUSTED`, or another require) is a 422 on the amount, not a failure of ours; an
 * unreachable node stays a 502.
 */
export function rethrowQuote(chain: ChainName, error: unknown, amountLoc: Loc): never {
  const reverted =
    error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
  if (reverted)
    throw fieldError(
      amountLoc,
      `Pendle's router cannot price this amount in the market as it stands (${(reverted as ContractFunctionRevertedError).reason ?? "the quote reverted"}); try a smaller amount or a wider slippage`,
    );
  return rethrowRpc(chain, error);
}

/**
 * Buying PT with `amount` of `token` at a quote: `minPtOut` = quote less the slippage; approve exactly the
 * amount to the router (it pulls it all), then `swapExactTokenForPt` paying the account.
 */
export function buyPtCalls(input: {
  pendle: PendleDeployment;
  market: PendleMarket;
  account: Address;
  token: Erc20;
  amount: bigint;
  quote: Awaited<ReturnType<typeof quotePtBuy>>;
  /** 1e18 = 100% */
  slippage: bigint;
}): PendleTrade {
  const { pendle, market, token, amount, quote } = input;
  const minimum = quote.netPtOut - (quote.netPtOut * input.slippage) / ONE;
  return {
    quoted: quote.netPtOut,
    minimum,
    calls: [
      {
        to: token.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [pendle.router, amount] }),
      },
      {
        to: pendle.router,
        data: encodeFunctionData({
          abi: pendleRouterSwapPtAbi,
          functionName: "swapExactTokenForPt",
          args: [
            input.account,
            market.address,
            minimum,
            quote.approx,
            {
              tokenIn: token.address,
              netTokenIn: amount,
              tokenMintSy: token.address,
              pendleSwap: zeroAddress,
              swapData: NO_SWAP,
            },
            NO_LIMIT,
          ],
        }),
      },
    ],
  };
}

/**
 * What selling `amount` PT fetches of the market's asset now, both ways the static router quotes it:
 * through the market before expiry (`swapExactPtForTokenStatic`; reverts once expired) and by redemption
 * at par through the YT after it (`redeemPyToTokenStatic`). The caller picks by `isExpired`, read in the
 * same batch.
 */
export function quotePtSale(
  client: PublicClient,
  pendle: PendleDeployment,
  market: PendleMarket,
  amount: bigint,
  /** what the sale pays out in (one the SY redeems into); default the market's asset */
  tokenOut: Address = market.asset.address,
) {
  const asset = tokenOut;
  return {
    swap: client
      .readContract({
        address: pendle.routerStatic,
        abi: pendleRouterStaticAbi,
        functionName: "swapExactPtForTokenStatic",
        args: [market.address, amount, asset],
        blockTag: NEXT_BLOCK,
      })
      .then(([netTokenOut]) => netTokenOut),
    redeem: client.readContract({
      address: pendle.routerStatic,
      abi: pendleRouterStaticAbi,
      functionName: "redeemPyToTokenStatic",
      args: [market.yt, amount, asset],
      blockTag: NEXT_BLOCK,
    }),
  };
}

/**
 * Selling `amount` PT for the market's asset at a quote, paid to the account: before expiry through the
 * market (`swapExactPtForToken`), after it by redemption through the YT (`redeemPyToToken`; PT alone
 * redeems once expired); `minTokenOut` = quote less the slippage.
 */
export function sellPtCalls(input: {
  pendle: PendleDeployment;
  market: PendleMarket;
  expired: boolean;
  account: Address;
  amount: bigint;
  quoted: bigint;
  slippage: bigint;
  /** default the market's asset */
  tokenOut?: Address;
}): PendleTrade {
  const { pendle, market, amount, quoted } = input;
  const asset = input.tokenOut ?? market.asset.address;
  const minimum = quoted - (quoted * input.slippage) / ONE;
  const output = {
    tokenOut: asset,
    minTokenOut: minimum,
    tokenRedeemSy: asset,
    pendleSwap: zeroAddress,
    swapData: NO_SWAP,
  };
  const trade = input.expired
    ? encodeFunctionData({
        abi: pendleRouterMiscAbi,
        functionName: "redeemPyToToken",
        args: [input.account, market.yt, amount, output],
      })
    : encodeFunctionData({
        abi: pendleRouterSwapPtAbi,
        functionName: "swapExactPtForToken",
        args: [input.account, market.address, amount, output, NO_LIMIT],
      });
  return {
    quoted,
    minimum,
    calls: [
      {
        to: market.pt.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [pendle.router, amount] }),
      },
      { to: pendle.router, data: trade },
    ],
  };
}

/** Markets the deployment lists (`PendleMarket_*`) and every market its factory created, each once. */
export async function chainPendleMarkets(
  config: Config,
  client: PublicClient,
  logs: LogReader,
  chain: ChainName,
  pendle: PendleDeployment,
): Promise<Address[]> {
  const contracts = addressBook(config)?.chains[chain]?.contracts ?? {};
  const listed = Object.entries(contracts)
    .filter(([name]) => name.startsWith("PendleMarket_"))
    .map(([, address]) => getAddress(address));
  const created = await logs.getLogs(client, {
    address: pendle.marketFactory,
    event: CREATE_NEW_MARKET,
  });
  return [
    ...new Set([
      ...listed,
      ...created.map((l) => getAddress((l as unknown as { args: { market: Address } }).args.market)),
    ]),
  ];
}

const CREATE_NEW_MARKET = pendleMarketFactoryAbi.find(
  (item): item is Extract<(typeof pendleMarketFactoryAbi)[number], { type: "event" }> =>
    item.type === "event" && item.name === "CreateNewMarket",
)!;

/** The router's trade event: the account is its `caller` (the Safe executes the call). */
export const SWAP_PT_AND_TOKEN = pendleRouterSwapPtAbi.find(
  (item): item is Extract<(typeof pendleRouterSwapPtAbi)[number], { type: "event" }> =>
    item.type === "event" && item.name === "SwapPtAndToken",
)!;
export const REDEEM_PY_TO_TOKEN = pendleRouterMiscAbi.find(
  (item): item is Extract<(typeof pendleRouterMiscAbi)[number], { type: "event" }> =>
    item.type === "event" && item.name === "RedeemPyToToken",
);

/**
 * A simulation that fails on the router's minimum-output check becomes a 422 on the venue's
 * `max_slippage_percent`, with what the trade would have returned; anything else is rethrown as it is.
 */
export function explainPtSlippage(error: unknown, venueLoc: Loc): never {
  const hit =
    error instanceof RevertError && /RouterInsufficient(Pt|Token)Out\((\d+), (\d+)\)/.exec(error.reason);
  if (hit)
    throw fieldError(
      [...venueLoc, "max_slippage_percent"],
      `The trade would return ${hit[2]} base units of ${hit[1] === "Pt" ? "PT" : "the underlying"}, below the ${hit[3]} the slippage bound allows; raise max_slippage_percent or try again.`,
    );
  throw error;
}

/**
 * What a PT of this SY redeems into: the SY's accounting asset (`assetInfo`). Anything that is no SY is a
 * 422 naming the field.
 */
export async function syAsset(
  client: PublicClient,
  chain: ChainName,
  text: string,
  loc: Loc,
): Promise<Address> {
  if (!isAddress(text, { strict: false })) throw fieldError(loc, `'${text}' is not a valid address`);
  const sy = getAddress(text.toLowerCase());
  try {
    const [, asset] = await client.readContract({
      address: sy,
      abi: pendleStandardizedYieldAbi,
      functionName: "assetInfo",
    });
    return getAddress(asset);
  } catch (error) {
    if (isWrongContract(error)) throw fieldError(loc, `${sy} is not a Pendle SY on ${chain}`);
    return rethrowRpc(chain, error);
  }
}
