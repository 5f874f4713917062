import type { Address, PublicClient } from "viem";
import { type ChainClients, rethrowRpc } from "../../../kernel/chain/clients.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import type { Config } from "../../../kernel/config/env.ts";
import { parseUnitsExact } from "../../../kernel/lib/decimal.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { productAccountAddress } from "../../../product-accounts/index.ts";
import { oraclePrice } from "../../../protocols/aave/index.ts";
import { pendleDeployment } from "../../../protocols/pendle/index.ts";
import { readAavePositions } from "./aave-positions.ts";
import { readAccountEvents } from "./events.ts";
import { readAccountPtFlows, readPendlePositions } from "./pendle-positions.ts";
import { readVaultPositions } from "./vault-positions.ts";

/** The chains positions_all covers (spec A2). */
const CHAINS: ChainName[] = ["ethereum", "base", "arbitrum"];
const EMPTY = { aave: [], vaults: [], pendle_pt: [], total_usd_value: null };

/** GET /v2/earn/positions: the owner's Earn Account on one chain. */
export function earnPositions(input: {
  config: Config;
  client: PublicClient;
  chain: ChainName;
  logs: LogReader;
  owner: Address;
}) {
  return chainPositions({ ...input, account: productAccountAddress(input.owner, "earn") });
}

/**
 * GET /v2/earn/positions_all: the owner's Earn Account on every chain at once, read in parallel; a chain this
 * deployment does not serve has empty lists. The total is the chains' totals summed.
 */
export async function earnPositionsAll(input: { config: Config; chains: ChainClients; owner: Address }) {
  const account = productAccountAddress(input.owner, "earn");
  const entries = await Promise.all(
    CHAINS.map(async (chain) => {
      let client: PublicClient;
      try {
        client = input.chains.get(chain);
      } catch {
        return [chain, EMPTY] as const;
      }
      const read = await chainPositions({
        config: input.config,
        client,
        chain,
        logs: input.chains.logs,
        account,
      });
      return [chain, read] as const;
    }),
  );
  const totals = entries.map(([, r]) => r.total_usd_value).filter((v): v is string => v !== null);
  const total = totals.reduce((sum, v) => sum + (parseUnitsExact(v, 2) ?? 0n), 0n);
  return {
    chains: Object.fromEntries(entries),
    total_usd_value: totals.length ? formatDecimal(total, 2, 2) : null,
  };
}

/** The account's positions on one chain, valued at the chain's Aave oracle, events looked back one page. */
function chainPositions(input: {
  config: Config;
  client: PublicClient;
  chain: ChainName;
  logs: LogReader;
  account: Address;
}) {
  const { config, client, chain } = input;
  return readEarnPositions({
    ...input,
    price: (token) => oraclePrice(config, client, chain, token),
    lookback: BigInt(config.logs.maxRange),
  }).catch((error) => rethrowRpc(chain, error));
}

/**
 * The Earn Account's positions on one chain (spec A1). Vaults: any ERC-4626 the account deposited into,
 * found from the vaults' own Deposit/Withdraw events. Aave: the pool's Supply and Withdraw events for the
 * account. Pendle: the router's PT trade events with the account as caller.
 */
export async function readEarnPositions(input: {
  config: Config;
  client: PublicClient;
  chain: ChainName;
  logs: LogReader;
  account: Address;
  price: (token: Address) => Promise<bigint | null>;
  lookback: bigint;
}) {
  const pendle = pendleDeployment(input.config, input.chain);
  // Every protocol's events first — the account's (shared by the vault and Aave readers while in flight)
  // and, only when they show a PT bought, the Pendle router's — then every balance, price and rate in one
  // multicall.
  const events = readAccountEvents(input.client, input.logs, input.account);
  const flows = events.then((e) =>
    pendle && e.pendleSwaps.length
      ? readAccountPtFlows(input.client, input.logs, pendle, input.account, e.head)
      : [],
  );
  const ready = Promise.all([events, flows]);
  ready.catch(() => {}); // each reader reports its own failure
  const [vaults, aave, pendle_pt] = await Promise.all([
    readVaultPositions({ ...input, ready }),
    readAavePositions({ ...input, ready }),
    readPendlePositions({ ...input, pendle, flows, ready }),
  ]);
  const priced = [...vaults, ...aave, ...pendle_pt].filter((v) => v.usd_value !== null);
  const total = priced.reduce((sum, v) => sum + (parseUnitsExact(v.usd_value!, 2) ?? 0n), 0n);
  return {
    aave,
    vaults,
    pendle_pt,
    total_usd_value: priced.length ? formatDecimal(total, 2, 2) : null,
  };
}
