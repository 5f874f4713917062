/**
 * Wire schemas of the v1 Sky group (spec v1-capabilities.md §5): USDS bought and sold 1:1 against DAI (the DaiUsds
 * converter) or USDC (the USDS PSM wrapper), and saved in sUSDS, an ERC-4626 whose savings rate accrues every
 * second. Ethereum only.
 */
import { z } from "zod";
import { Address, amountUnion } from "../../kernel/schemas/common.ts";
import { EthereumChain, v1Write } from "../../kernel/schemas/v1.ts";

/** The reference's example user (its docs and clients default to it). */
const EXAMPLE_USER = "0xacCEE9C7A5a759f814C7A770e2D8F78d662b1F60";

export const SkyPositionQuery = z.object({
  chain: EthereumChain.default("ethereum"),
  user_address: Address.describe("the wallet whose sUSDS to read").default(EXAMPLE_USER),
});
export const SkyCheckPositionResponse = z
  .object({
    usds_value_of_deposits: z.string().describe("USDS the wallet's sUSDS redeems for now (human units)"),
    shares: z
      .union([z.int(), z.string()])
      .describe("sUSDS shares held, raw (18 decimals); a decimal string beyond 2^53"),
  })
  .meta({ id: "SkyCheckPositionResponse" });

const Stable = z.enum(["DAI", "USDC"]).meta({ id: "SkyStable" });
export const SkyBuyRequest = v1Write(
  "SKY_BUY",
  {
    token_in: Stable.describe("what pays for USDS, 1:1: DAI through DaiUsds, USDC through the USDS PSM"),
    amount: amountUnion({ description: "token_in to convert into USDS, in human units", example: "100" }),
  },
  EthereumChain,
).meta({ id: "SkyBuyRequest" });
export const SkySellRequest = v1Write(
  "SKY_SELL",
  {
    token_out: Stable.describe("what USDS is sold for, 1:1: DAI through DaiUsds, USDC through the USDS PSM"),
    amount: amountUnion({
      description: "USDS to sell (= token_out received), in human units",
      example: "100",
    }),
  },
  EthereumChain,
).meta({ id: "SkySellRequest" });

const receiver = Address.nullish().describe(
  "who gets the sUSDS shares (deposit) or the USDS (withdraw); default the sender",
);
export const SkyDepositRequest = v1Write(
  "SKY_DEPOSIT",
  {
    amount: amountUnion({ description: "USDS to deposit into sUSDS, in human units", example: "100" }),
    receiver,
  },
  EthereumChain.default("ethereum"),
).meta({ id: "SkyDepositRequest" });
export const SkyWithdrawRequest = v1Write(
  "SKY_WITHDRAW",
  {
    amount: z
      .union([z.literal("ALL"), amountUnion({ description: "USDS to withdraw", example: "100" })])
      .describe('USDS to withdraw from sUSDS in human units, or "ALL": every share redeemed'),
    receiver,
  },
  EthereumChain.default("ethereum"),
).meta({ id: "SkyWithdrawRequest" });
