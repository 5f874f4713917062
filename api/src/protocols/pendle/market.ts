import { pendleMarketAbi, pendleMarketFactoryAbi, pendleStandardizedYieldAbi } from "@compass/constants";
import { type Address, erc20Abi, getAddress, isAddress, type PublicClient } from "viem";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import { isWrongContract } from "../../kernel/chain/contract-check.ts";
import type { Erc20 } from "../../kernel/chain/erc20.ts";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import type { Config } from "../../kernel/config/env.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { listedPendleMarkets, type PendleDeployment } from "./deployment.ts";
import { CREATE_NEW_MARKET } from "./events.ts";

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

/** Markets the deployment lists (`PendleMarket_*`) and every market its factory created, each once. */
export async function chainPendleMarkets(
  config: Config,
  client: PublicClient,
  logs: LogReader,
  chain: ChainName,
  pendle: PendleDeployment,
): Promise<Address[]> {
  const listed = [...listedPendleMarkets(config, chain).values()];
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
