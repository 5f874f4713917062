import { keccak256, toBytes } from "viem";

/** Products with a product account (spec product-accounts.md). Perpetual trading has none. */
export const PRODUCTS = ["earn", "credit", "tokenized_assets"] as const;
export type Product = (typeof PRODUCTS)[number];

/** How each product names its account in responses (`<product>_account_address`) and in prose. */
export const PRODUCT_LABEL: Record<Product, string> = {
  earn: "Earn Account",
  credit: "Credit Account",
  tokenized_assets: "Tokenized Assets Account",
};

/**
 * The Safe factory's saltNonce for a product. A fixed label per product makes the account address a pure
 * function of (owner, product) and the canonical deployment; changing the label would move every account.
 */
export function productSaltNonce(product: Product): bigint {
  return BigInt(keccak256(toBytes(`compass.product-account.v1:${product}`)));
}
