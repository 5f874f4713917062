/** Metadata of each URL group, shared by OpenAPI tags, SDK namespaces, CLI groups and MCP descriptions. */
export interface GroupInfo {
  description: string;
  /** CLI group alias (clients.md §1) */
  cliAlias?: string;
  /** SDK namespace when it is not the camelCased group (clients.md §1: `cctp` → `bridge`) */
  namespace?: string;
  /**
   * How an agent chains this group's operations, naming them by operationId. MCP sends it in its
   * instructions when every operation it names is exposed (a test holds each name to the registry).
   */
  workflow?: string;
}

export const GROUPS: Record<string, GroupInfo> = {
  cctp: {
    namespace: "bridge",
    description:
      "USDC between ethereum, arbitrum and base by Circle's CCTP v2: burn on the source (fast or standard), mint on the destination once Circle attests",
    workflow:
      "v2_cctp_burn (send approval_transaction first when set, then transaction; keep bridge_id and the burn's hash) → v2_cctp_mint with bridge_id, burn_tx_hash and sender: 202 means the attestation is pending (ask again after retry_after_seconds); 200 ready gives the mint transaction on the destination; completed means already minted.",
  },
  token: { description: "Token prices at any block, balances and transfers (v1)" },
  aave: {
    namespace: "aaveV3",
    description:
      "Aave V3 lending (v1): rates, averages and volatility, reserves, positions and history at any block; supply, borrow, repay, withdraw from the wallet",
  },
  vaults: {
    namespace: "erc4626Vaults",
    description:
      "Any ERC-4626 vault by address (v1): totals, share price, APYs and a user's position at any block; deposit and withdraw from the wallet",
  },
  generic: {
    namespace: "universal",
    description:
      "Wallet basics (v1): portfolio valued in USD, the chains each protocol runs on, allowances by protocol contract name, wrap and unwrap ETH",
  },
  uniswap: {
    namespace: "uniswapV3",
    description:
      "Uniswap V3 (v1): quotes and pool prices from the pools themselves; swaps and liquidity positions from the wallet",
  },
  aerodrome_slipstream: {
    description:
      "Aerodrome Slipstream (v1, base): concentrated-liquidity pools by tick spacing — pool price, swaps and liquidity positions from the wallet",
  },
  morpho: {
    description:
      "Morpho (v1): Morpho Blue markets and a wallet's position in one; MetaMorpho vaults; deposit, withdraw, collateral, borrow and repay from the wallet",
  },
  pendle: {
    description:
      "Pendle (v1): yield trading markets, their implied APY at any block and a wallet's positions; PT, YT and liquidity trades and YT yield claims from the wallet",
  },
  sky: {
    description:
      "Sky (v1, ethereum): USDS bought and sold 1:1 against DAI and USDC; savings in sUSDS, whose rate accrues every second",
  },
  ethena: {
    description:
      "Ethena (v1, ethereum): sUSDe at any block with a wallet's cooldown; stake USDe, request a withdrawal, unstake after the cooldown",
  },
  swap: {
    description: "Swaps (v1): any pair routed by Odos's smart order routing, a transaction for the wallet",
  },
  transaction_bundler: {
    description:
      "Several v1 writes in one EIP-7702 transaction (v1): the EOA delegates once to the batch executor (Simple7702Account), then each bundle runs its steps in order, all or none",
    workflow:
      "v1_transaction_bundler_authorization → the user's wallet signs it (EIP-7702, e.g. viem signAuthorization) → v1_transaction_bundler_execute with the actions and signed_authorization → the user signs and sends the returned type-4 transaction. Later bundles need no authorization.",
  },
  smart_account: {
    description:
      "Several v1 writes as the calls of one smart-account batch (v1): an ERC-4337 user operation or an EIP-5792 wallet_sendCalls",
  },
  onramp: {
    description: "Fiat on-ramp: card payment to USDC on Ethereum, delivered to the user's own wallet",
    workflow:
      "v2_onramp_quote → v2_onramp_create → give checkout_url to the user (the payment needs a browser) → poll v2_onramp_status every few seconds until delivered or failed.",
  },
  perpetual_trading: {
    description: "Perpetual futures on stocks, commodities and forex; the user signs every action",
    cliAlias: "pt",
    workflow:
      "a prepare tool (v2_perpetual_trading_market_order, v2_perpetual_trading_limit_order, v2_perpetual_trading_cancel_order, v2_perpetual_trading_withdraw, v2_perpetual_trading_set_leverage) returns {typed_data, action, nonce}; the user's wallet signs typed_data; then v2_perpetual_trading_execute with {action, nonce, signature}. Deposits: v2_perpetual_trading_deposit → the user signs the permit → v2_perpetual_trading_deposit_sponsor_prepare → the integrator's sponsor wallet broadcasts.",
  },
  tokenized_assets: {
    description: "Tokenized securities and real-world assets held in a Safe product account",
    cliAlias: "ta",
    workflow:
      "v2_tokenized_assets_create_account → v2_tokenized_assets_transfer (DEPOSIT USDC) → v2_tokenized_assets_transact_buy; the user signs each returned transaction. The sandbox money-market fund (staging, ethereum_sepolia) settles async: shares arrive at the next NAV cycle — poll v2_tokenized_assets_redemptions; an account must first be approved in the issuer's connect portal (the 422 says how). Tokenized equities (TSLAon…, ethereum) trade by signed orders in the NYSE regular session: v2_tokenized_assets_quote → v2_tokenized_assets_order (execute approval_safe_tx_eip712 if not null; the user signs order.safe_message_eip712) → v2_tokenized_assets_order_submit → poll v2_tokenized_assets_order_order_hash until filled.",
  },
  gas_sponsorship: { description: "Sponsor-paid execution of owner-signed payloads", cliAlias: "gs" },
  earn: {
    description: "Yield: vaults, Aave, Pendle, swaps in an Earn account",
    workflow:
      "v2_earn_create_account → v2_earn_transfer (DEPOSIT a token) → v2_earn_manage (DEPOSIT into any ERC-4626 vault by address) → v2_earn_positions for balances and PnL; the user signs each returned transaction. Several steps in one transaction: v2_earn_transfer with gas_sponsorship and no spender gives a Permit2 signature for a V2_TRANSFER_FROM_EOA action of v2_earn_bundle.",
  },
  credit: {
    description: "Borrowing and leverage in a Credit account",
    workflow:
      "v2_credit_create_account → v2_credit_transfer (DEPOSIT the collateral) → v2_credit_borrow (supplies it and borrows in one transaction) → v2_credit_positions for the health factor, collateral and debt → v2_credit_repay (repays, and withdraws collateral); the user signs each returned transaction. v2_credit_morpho_markets lists Morpho Blue's markets.",
  },
};
