import type { Address, PublicClient } from "viem";
import type { z } from "zod";
import { type ChainClients, rethrowRpc } from "../../../kernel/chain/clients.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import type { Config } from "../../../kernel/config/env.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import {
  type AccountCall,
  beginAccountAction,
  productAccountAddress,
} from "../../../product-accounts/index.ts";
import { type AaveMarket, requireAaveMarket } from "../../../protocols/aave/index.ts";
import type { SwapAggregator } from "../../../protocols/aggregators/index.ts";
import type {
  CreditBorrowRequest,
  CreditBundleRequest,
  CreditLoopRequest,
  CreditRebalanceRequest,
  CreditRepayRequest,
  CreditUnloopRequest,
} from "../schemas.ts";
import { creditAccountAction } from "./account-action.ts";
import {
  buildBorrow,
  buildRepay,
  checkBorrowFields,
  checkRepayFields,
  requireServedProtocol,
} from "./borrow.ts";
import { type CreditBundleAction, creditBundleCalls } from "./bundle.ts";
import { planLoop } from "./loop.ts";
import { buildMorphoBorrow, buildMorphoRepay } from "./morpho-credit.ts";
import { planRebalance } from "./rebalance.ts";
import { planUnloop } from "./unloop.ts";
import { loopVenueOf } from "./venue.ts";

/**
 * Each Credit Account action from its request to its envelope: the request's checks, the venue's calls from the
 * domain's builders and planners, then one action of the account (account-action.ts) — or, for a preview or a
 * rebalance with every target met, the plan alone.
 */

/** What an action uses besides its request: the deployment and the aggregator its swaps go through. */
interface CreditServices {
  config: Config;
  aggregator: SwapAggregator;
}

/** POST /v2/credit/borrow: collateral in (Aave, or a Morpho market) and the borrow, less an optional fee. */
export async function borrowAction(
  input: CreditServices & { chains: ChainClients; body: z.output<typeof CreditBorrowRequest> },
) {
  const { built, ...envelope } = await aaveOrMorphoAction(input, {
    check: checkBorrowFields,
    aave: buildBorrow,
    morpho: buildMorphoBorrow,
  });
  const estimated = "estimatedCollateral" in built ? built.estimatedCollateral : undefined;
  return {
    ...envelope,
    ...(estimated ? { estimated_collateral_amount: estimated } : {}),
    ...(built.feeAmount !== undefined
      ? { fee_amount: formatDecimal(built.feeAmount, built.debtDecimals) }
      : {}),
  };
}

/** POST /v2/credit/repay: the repayment (Aave, or a Morpho market by shares), then an optional withdrawal. */
export async function repayAction(
  input: CreditServices & { chains: ChainClients; body: z.output<typeof CreditRepayRequest> },
) {
  const { built, ...envelope } = await aaveOrMorphoAction(input, {
    check: checkRepayFields,
    aave: buildRepay,
    morpho: async (request) => ({ calls: await buildMorphoRepay(request) }),
  });
  const estimated = "estimatedOut" in built ? built.estimatedOut : undefined;
  return { ...envelope, ...(estimated ? { estimated_token_out_amount: estimated } : {}) };
}

/** What a borrow's or repay's builders take: the request, the account, and the deployment and its swaps. */
interface VenueRequest<Body> {
  config: Config;
  client: PublicClient;
  chain: ChainName;
  account: Address;
  owner: Address;
  body: Body;
}

/**
 * A borrow or repay as one account action, its fields checked first: on Aave v3 (`protocol` AAVE, the chain's
 * market) or in the Morpho Blue market the request names.
 */
function aaveOrMorphoAction<
  Body extends { chain: ChainName; owner: Address; gas_sponsorship: boolean; protocol: string },
  A extends { calls: AccountCall[] },
  M extends { calls: AccountCall[] },
>(
  input: CreditServices & { chains: ChainClients; body: Body },
  build: {
    check: (body: Body) => void;
    aave: (request: VenueRequest<Body> & { market: AaveMarket; swaps: CreditServices }) => Promise<A>;
    morpho: (request: VenueRequest<Body>) => Promise<M>;
  },
) {
  const { body, config } = input;
  requireServedProtocol(body.protocol);
  build.check(body);
  const client = input.chains.get(body.chain, ["body", "chain"]);
  const aave =
    body.protocol === "AAVE" ? requireAaveMarket(config, body.chain, ["body", "chain"]) : undefined;
  const swaps = { config, aggregator: input.aggregator };
  return creditAccountAction<A | M>(
    { client, chain: body.chain, owner: body.owner, sponsored: body.gas_sponsorship },
    (account) => {
      const request = { config, client, chain: body.chain, account, owner: body.owner, body };
      return aave ? build.aave({ ...request, market: aave, swaps }) : build.morpho(request);
    },
  );
}

/** POST /v2/credit/loop: the legs that lever the seed up to the multiplier, or their preview. */
export async function loopAction(
  input: CreditServices & { client: PublicClient; body: z.output<typeof CreditLoopRequest> },
) {
  const { client, body, aggregator } = input;
  const venue = await loopVenueOf(input.config, client, body, "loops");
  const plan = (account: `0x${string}`, checkBalance: boolean) =>
    planLoop({ client, chain: body.chain, venue, aggregator, account, body, checkBalance });
  if (body.preview) {
    const { preview } = await plan(productAccountAddress(body.owner, "credit"), false);
    return { transaction: null, eip_712: null, preview, swap_provider: "one_inch" as const };
  }
  const { built, ...envelope } = await creditAccountAction(
    { client, chain: body.chain, owner: body.owner, sponsored: body.gas_sponsorship },
    (account) => plan(account, true),
  );
  return { ...envelope, preview: built.preview, swap_provider: "one_inch" as const };
}

/** POST /v2/credit/unloop: the legs that delever the loop to its target or close it, or their preview. */
export async function unloopAction(
  input: CreditServices & { client: PublicClient; body: z.output<typeof CreditUnloopRequest> },
) {
  const { client, body, aggregator } = input;
  const venue = await loopVenueOf(input.config, client, body, "unwinds");
  const plan = (account: `0x${string}`) =>
    planUnloop({ client, chain: body.chain, venue, aggregator, account, body });
  if (body.preview) {
    const { preview } = await plan(productAccountAddress(body.owner, "credit"));
    return {
      transaction: null,
      eip_712: null,
      preview,
      swap_provider: "one_inch" as const,
      firm_available: false,
    };
  }
  const { built, ...envelope } = await creditAccountAction(
    { client, chain: body.chain, owner: body.owner, sponsored: body.gas_sponsorship },
    plan,
  );
  return { ...envelope, preview: built.preview, swap_provider: "one_inch" as const };
}

/**
 * POST /v2/credit/rebalance: every loop's way to its target, planned on the account's positions first; with every
 * target met there is nothing to sign (idempotent).
 */
export async function rebalanceAction(
  input: CreditServices & { client: PublicClient; body: z.output<typeof CreditRebalanceRequest> },
) {
  const { client, body } = input;
  const built = await planRebalance({
    config: input.config,
    client,
    chain: body.chain,
    market: requireAaveMarket(input.config, body.chain, ["body", "chain"]),
    aggregator: input.aggregator,
    account: productAccountAddress(body.owner, "credit"),
    targets: body.targets,
    maxSlippage: body.max_slippage_percent,
  });
  if (built.calls.length === 0) return { transaction: null, eip_712: null, preview: built.preview };
  const envelope = await beginAccountAction("credit", {
    client,
    chain: body.chain,
    owner: body.owner,
    sponsored: body.gas_sponsorship,
  }).finish(built.calls);
  return { ...envelope, preview: built.preview };
}

/** POST /v2/credit/bundle: the actions' calls in order as one action; `actions_count` the calls bundled. */
export async function bundleAction(
  input: CreditServices & {
    client: PublicClient;
    logs: LogReader;
    body: z.output<typeof CreditBundleRequest>;
  },
) {
  const { client, body } = input;
  const market = requireAaveMarket(input.config, body.chain, ["body", "chain"]);
  const { built, ...envelope } = await creditAccountAction(
    { client, chain: body.chain, owner: body.owner, sponsored: body.gas_sponsorship },
    async (account) => ({
      calls: await creditBundleCalls({
        config: input.config,
        aggregator: input.aggregator,
        client,
        chain: body.chain,
        logs: input.logs,
        market,
        owner: body.owner,
        account,
        actions: body.actions.map((a) => a.body as CreditBundleAction),
      }).catch((error) => rethrowRpc(body.chain, error)),
    }),
  );
  return { ...envelope, actions_count: built.calls.length };
}
