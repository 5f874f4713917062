import type { Operation } from "../../kernel/registry/define.ts";
import { borrow } from "./operations/borrow.ts";
import { deposit } from "./operations/deposit.ts";
import { market } from "./operations/market.ts";
import { marketPosition } from "./operations/market-position.ts";
import { markets } from "./operations/markets.ts";
import { repay } from "./operations/repay.ts";
import { supplyCollateral } from "./operations/supply-collateral.ts";
import { userPosition } from "./operations/user-position.ts";
import { vault } from "./operations/vault.ts";
import { vaults } from "./operations/vaults.ts";
import { withdraw } from "./operations/withdraw.ts";
import { withdrawCollateral } from "./operations/withdraw-collateral.ts";

/** The v1 Morpho group (spec v1-capabilities.md): Morpho Blue's markets and positions, MetaMorpho vaults, the wallet's writes. */
export const operations: Operation[] = [
  vaults,
  vault,
  markets,
  market,
  marketPosition,
  userPosition,
  deposit,
  withdraw,
  supplyCollateral,
  withdrawCollateral,
  borrow,
  repay,
];
