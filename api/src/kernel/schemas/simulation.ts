import { z } from "zod";

/**
 * `simulation`: what a write will do, from the simulation the API runs before answering. Named `simulation`, not
 * `preview`, because the contract already gives `preview` to the credit loops' and rebalance's own estimates.
 */

export const SimulatedToken = z
  .object({
    address: z
      .string()
      .describe('the token, or "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE" for the native coin'),
    symbol: z.string().nullable(),
    decimals: z.number().int().nullable().describe("null when the contract does not answer decimals()"),
  })
  .meta({ id: "SimulatedToken" });

export const HolderRole = z
  .enum(["wallet", "account"])
  .describe("`wallet`: the address that signs; `account`: the product or smart account it acts through");

export const AssetChange = z
  .object({
    holder: z.string(),
    role: HolderRole,
    token: SimulatedToken,
    amount_raw: z.string().describe("signed change in base units: negative leaves the holder"),
    amount: z.string().nullable().describe("signed change in whole tokens; null when decimals are unknown"),
    usd: z
      .string()
      .nullable()
      .describe("signed USD value at the chain's price feed; null when it has none for the token"),
    liability: z
      .boolean()
      .describe("a debt token: its balance rising is debt taken on (its USD counts negative)"),
  })
  .meta({ id: "AssetChange", description: "A balance the transactions change, read before and after them" });

export const ApprovalLeft = z
  .object({
    owner: z.string(),
    role: HolderRole,
    token: SimulatedToken,
    spender: z.string(),
    kind: z.enum(["erc20", "permit2"]),
    amount_raw: z.string().describe("the allowance the transactions leave, in base units"),
    amount: z.string().nullable(),
    unlimited: z.boolean(),
    expiry: z
      .number()
      .int()
      .nullable()
      .describe("unix seconds a Permit2 grant ends; null for ERC-20 allowances"),
  })
  .meta({ id: "ApprovalLeft", description: "An allowance or Permit2 grant the transactions leave behind" });

export const SIMULATION_WARNINGS = [
  "unlimited_approval",
  "approval_to_unknown_spender",
  "call_to_address_without_code",
  "transfer_to_address_without_code",
  "low_health_factor",
  "output_below_quote",
] as const;

export const SimulationWarning = z
  .object({
    code: z.enum(SIMULATION_WARNINGS),
    message: z.string(),
  })
  .meta({
    id: "SimulationWarning",
    description:
      "What a careful wallet would point out before signing: unlimited_approval (an allowance no amount exhausts is left behind); approval_to_unknown_spender (a spender neither the transactions call nor this deployment names); call_to_address_without_code (a call with data to an address holding no contract); transfer_to_address_without_code (assets reach an account that has no contract yet); low_health_factor (a lending position ends under 1.1); output_below_quote (less arrives than the quoted amount less its slippage)",
  });

export const Simulation = z
  .object({
    chain: z.string(),
    block_number: z.number().int().describe("the block the first transaction was simulated in"),
    block_timestamp: z.number().int().describe("that block's time (unix seconds): interest accrues to it"),
    transactions: z
      .number()
      .int()
      .describe("how many transactions were simulated, each in a block of its own"),
    asset_changes: z.array(AssetChange),
    approvals: z.array(ApprovalLeft),
    gas_used: z.string().describe("gas the transactions use together, as simulated"),
    fee: z
      .object({
        payer: z.string(),
        native: z
          .string()
          .describe("whole native coins at the next block's base fee and the transaction's tip"),
        usd: z.string().nullable(),
      })
      .nullable()
      .describe("null when another party pays the gas (a sponsor relays a signed payload; a bundler)"),
    net_usd: z
      .string()
      .nullable()
      .describe("the signed USD sum of every change (fee excluded); null when a change has no price"),
    outcome: z
      .record(z.string(), z.string().nullable())
      .describe("what the operation is for, read after it: e.g. health_factor_after (Aave), per holder"),
    warnings: z.array(SimulationWarning),
    settles_later: z
      .boolean()
      .describe("true: part of the outcome arrives after a later block (a venue, an issuer, a bridge)"),
    settles_later_note: z.string().nullable().describe("what arrives later, and how to follow it"),
  })
  .meta({
    examples: [
      {
        chain: "arbitrum",
        block_number: 412_553_021,
        block_timestamp: 1_798_401_411,
        transactions: 1,
        asset_changes: [
          {
            holder: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
            role: "wallet",
            token: { address: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", symbol: "USDC", decimals: 6 },
            amount_raw: "-100000000",
            amount: "-100",
            usd: "-99.98",
            liability: false,
          },
          {
            holder: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
            role: "wallet",
            token: {
              address: "0x724dc807b04555b71ed48a6896b6F41593b8C637",
              symbol: "aArbUSDCn",
              decimals: 6,
            },
            amount_raw: "100000000",
            amount: "100",
            usd: "99.98",
            liability: false,
          },
        ],
        approvals: [],
        gas_used: "181204",
        fee: { payer: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720", native: "0.000001812", usd: "0.005" },
        net_usd: "0",
        outcome: { health_factor_before: null, health_factor_after: null },
        warnings: [],
        settles_later: false,
        settles_later_note: null,
      },
    ],
    id: "Simulation",
    description:
      "What the returned transactions or payloads will do, simulated on the pending block (eth_simulateV1) before the answer: the balances they change for the signer and the account it acts through, the approvals they leave, gas and fee, and warnings",
  });

export type SimulationWire = z.infer<typeof Simulation>;
