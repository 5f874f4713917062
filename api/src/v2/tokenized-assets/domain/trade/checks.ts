import { type Address, formatUnits } from "viem";
import { DomainError } from "../../../../kernel/errors.ts";
import type { ChainName } from "../../../../kernel/schemas/common.ts";
import { PRODUCT_LABEL } from "../../../../product-accounts/index.ts";
import type { KnownToken } from "../tokens.ts";

/** Buy/sell preconditions, each a 422 in the domain envelope whose message names the field and the fix. */

export function requireDeployed(deployed: boolean, account: Address, chain: ChainName): void {
  if (deployed) return;
  throw new DomainError(
    422,
    "Account not deployed",
    `owner: the ${PRODUCT_LABEL.tokenized_assets} ${account} is not deployed on ${chain}; call POST /v2/tokenized_assets/create_account, then transfer USDC into it`,
  );
}

export function requireBalance(balance: bigint, amount: bigint, token: KnownToken): void {
  if (amount <= balance) return;
  const have = `${formatUnits(balance, token.decimals)} ${token.symbol}`;
  throw new DomainError(
    422,
    "Insufficient balance",
    `amount_in: exceeds the account's ${token.symbol} balance (${have}); deposit with POST /v2/tokenized_assets/transfer first`,
  );
}
