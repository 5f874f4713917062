import { kitEn } from "../../kit/locales/en.ts";

/**
 * The perpetuals widget's messages in English (inline: the fallback, no fetch); other locales load on demand.
 * Keys and copy are short on purpose: each locale's catalog ships to the browser (≤ 2 kB gzip, kit words included;
 * Russian and Japanese come within 80 bytes of it). `{x}` are placeholders; numbers, money and dates arrive already
 * formatted in the locale. Words without a sentence of their own (a side, a kind, a mode) go into others' placeholders.
 */
export const perpsEn = {
  // the kit's words this widget says: its wallet errors (retry and the network and internal errors are the
  // on-ramp's; every key here ships in each locale's chunk)
  "wallet.switchChain": kitEn["wallet.switchChain"],
  "wallet.declined": kitEn["wallet.declined"],
  label: "Perpetual trading",
  // markets
  markets: "Markets",
  "cat.all": "All",
  "cat.stock": "Stocks",
  "cat.commodity": "Commodities",
  "cat.forex": "FX",
  sort: "Sort by",
  byOi: "Open interest",
  byVol: "24h volume",
  byFunding: "Funding",
  unavail: "Unavailable: {reason}",
  loading: "Loading…",
  market: "Market",
  mark: "Mark",
  fundingH: "Funding/h",
  oi: "OI",
  // chart and funding
  price: "Price",
  funding: "Funding {rate}/h · next in {time}",
  // order book
  book: "Order book",
  size: "Size",
  spread: "Spread {spread} ({pct})",
  bids: "Bids",
  asks: "Asks",
  empty: "None",
  // ticket
  trade: "Trade {asset}",
  "type.market": "Market",
  "type.limit": "Limit",
  "side.buy": "Buy / Long",
  "side.sell": "Sell / Short",
  tif: "Time in force",
  "tif.gtc": "GTC",
  "tif.alo": "Post only",
  lev: "Leverage {lev}× (max {max}×)",
  /** also `{mode}` of `setLev` */
  "margin.cross": "Cross",
  "margin.isolated": "Isolated",
  slip: "Slippage (%)",
  reduce: "Reduce only",
  /** also `{kind}` of `tpslBad` and `trigger`, and the label of its price field with " (USD)" after it */
  tp: "Take profit",
  sl: "Stop loss",
  value: "Order value",
  connect: "Connect a wallet to trade",
  // checks
  noSize: "Enter a size above 0",
  steps: "{asset} trades in steps of {step}",
  min: "Orders must be worth at least {min}",
  noPrice: "Enter a limit price above 0",
  tpslBad: "{kind}: on the wrong side of the price",
  // account
  account: "Account",
  noWallet: "Connect a wallet to deposit and trade.",
  equity: "Account value",
  free: "Withdrawable",
  depFrom: "Deposit USDC from Arbitrum",
  deposit: "Deposit",
  /** under the deposit field: with the host's gas sponsor (`hintS`), or without (`hint`) */
  hintS: "Min. 5 USDC. You sign a permit; gas is sponsored.",
  hint: "Min. 5 USDC. You sign a permit and pay gas.",
  wdTo: "Withdraw to Arbitrum",
  withdraw: "Withdraw",
  wdHint: "Fee: $1.",
  // positions, orders, fills
  positions: "Positions",
  entry: "Entry",
  pnl: "PnL (ROE)",
  liq: "Liq. price",
  margin: "Margin",
  actions: "Actions",
  /** `{side}` of a position (`closeRow`, `tpslRow`) and before its leverage in the table: "long 5×" */
  long: "long",
  short: "short",
  /** `{side}` of an order (`cancelRow`, `resting`) and before a fill's size: "buy 0.02 GOLD" */
  buy: "buy",
  sell: "sell",
  close: "Close",
  closeRow: "Close {asset} {side}",
  tpsl: "TP/SL",
  tpslRow: "TP/SL for {asset} {side}",
  save: "Save",
  orders: "Open orders",
  cancel: "Cancel",
  cancelRow: "Cancel {side} {size} {asset}",
  trigger: "{kind} at {price}",
  fills: "Fills",
  rpnl: "Realized PnL",
  fee: "Fee",
  // status
  dismiss: "Dismiss",
  signing: "Confirm in your wallet ({step}/{steps}): {label}",
  // flow steps and outcomes
  enable: "Enable trading on traditional-asset markets",
  setLev: "Set {asset} leverage to {lev}× ({mode})",
  approve: "Approve the {fee} partner fee",
  agent: "Authorise trading from this browser (one signature, no gas)",
  "step.buy": "Buy {size} {asset}",
  "step.sell": "Sell {size} {asset}",
  "done.buy": "Bought {size} {asset} at {price}",
  "done.sell": "Sold {size} {asset} at {price}",
  resting: "Order to {side} {size} {asset} at {price} is open",
  closed: "Closed {size} {asset} at {price}",
  closedAll: "Closed {asset}",
  cancelled: "Cancelled the {asset} order",
  tpslSet: "TP/SL set on {asset}",
  depositStep: "Deposit {amount} USDC",
  permit: "Sign the USDC permit (no gas)",
  relay: "Sending deposit",
  credit: "Awaiting credit",
  deposited: "Deposited {amount} USDC",
  withdrawStep: "Withdraw {amount} USDC to Arbitrum",
  depositPreview: "You send {amount} USDC · your trading account receives {amount} USDC",
  withdrawPreview: "You receive {received} USDC on Arbitrum · the venue keeps $1",
  withdrawn: "Withdrawal accepted: {amount} USDC (after the $1 fee) to Arbitrum",
  // errors
  unfunded: "Deposit USDC first.",
  refused: "Venue refused: {reason}",
  walletErr: "Wallet error: {reason}",
  signer: "Signed by {signer}, not by your account {owner}. Check the wallet's account and try again.",
  offline: "Service unreachable ({reason}). Try again soon.",
  badKey: "The API refused this site's key ({reason}).",
  /** `{chain}` of `wallet.switchChain` when the chain is not known, and when only its id is */
  chain: "the right network",
  chainId: "chain {id}",
};
export type PerpsMessages = Record<keyof typeof perpsEn, string>;
