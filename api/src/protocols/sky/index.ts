/**
 * Sky (formerly Maker) on Ethereum: USDS against DAI through the DaiUsds converter and against USDC through the
 * USDS PSM (its terms, fee and pocket), and the sUSDS savings vault (an ERC-4626: deposits and withdrawals go
 * through protocols/erc4626). Contracts by the address book's names.
 */
export { converterAbi, psmAbi, SKY_CHAIN, type SkyContracts, savingsAbi, skyContracts } from "./contracts.ts";
export { converterCall, psmCall, readPsmPocket, readPsmTerms, usdsForGem } from "./psm.ts";
export { readSavings } from "./savings.ts";
