/**
 * @compass/testkit/live — helpers for tests against the live stack `npm test` starts (COMPASS_TEST_URL,
 * COMPASS_DEVNET_DIR): its address book, independent chain and venue reads, and the outside systems' twins
 * driven the way their users drive them.
 */

export { DEVNET_BIN } from "../paths.ts";
export { alike } from "./alike.ts";
export { freshWallet, sendBundle, swapAndDepositSteps, vaultAssetsOf } from "./bundler.ts";
export {
  addressBook,
  chainClient,
  devnetChain,
  devnetFixture,
  getJson,
  pointLiveHelpersAt,
  postJson,
  sendAsRole,
  type TestAddressBook,
  testEnv,
  usdcBalance,
  wrapNative,
} from "./env.ts";
export { type Fork, forkChain } from "./fork.ts";
export {
  CARDS,
  payAtProvider,
  providerSession,
  providerTwin,
  waitForStatus,
} from "./onramp.ts";
export {
  bridgeTransfer,
  depositLanded,
  sponsorAddress,
  sponsorBroadcast,
  until,
  venueAccountValue,
  venueInfo,
  venuePosition,
} from "./perpetual-trading.ts";
export {
  fundedCreditAccount,
  fundedEarnAccount,
  fundedProductAccount,
  type ProductAccount,
} from "./product-accounts.ts";
export { afterSend, beforeSend, SIMULATION_LEDGER } from "./simulation-check.ts";
export { recordAnswer } from "./simulation-record.ts";
export { bundlerClient, bundlerUrl, SMART_ACCOUNT_PROVIDERS } from "./smart-accounts.ts";
export {
  advanceDevnet,
  approveAs,
  chainTime,
  issuerAddress,
  issuerPortal,
  sendUnsigned,
  tokenAddress,
  tokenBalance,
  type UnsignedTx,
} from "./tokenized-assets.ts";
