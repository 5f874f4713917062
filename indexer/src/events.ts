import {
  aavePoolAbi,
  cctpTokenMessengerV2Abi,
  centrifugeVaultAbi,
  ixsVaultAbi,
  midasRedemptionVaultAbi,
  ONE_TIME_WALLET_ABI,
  pendleMarketAbi,
  pendleMarketFactoryAbi,
  pendleRouterMiscAbi,
  pendleRouterSwapPtAbi,
  pendleYieldTokenAbi,
} from "@compass/constants";
import { type AbiEvent, type AbiParameter, type Hex, parseAbiItem, toEventSelector } from "viem";

/**
 * The events the index follows: every log whose topic0 is one of these, on every indexed chain, whatever
 * contract emitted it (no address filter). The list covers every event the API reads with eth_getLogs (a test
 * scans the API's sources and fails on one missing here), plus a few the product will read (Morpho's
 * AccrueInterest, the Safe factory's ProxyCreation, CCTP's burns and mints).
 *
 * ABIs come from `@compass/constants` where it has them; the others are the protocols' own signatures.
 */
function fromAbi(abi: readonly unknown[], name: string): AbiEvent {
  const found = (abi as { type?: string; name?: string }[]).filter(
    (item) => item.type === "event" && item.name === name,
  );
  if (found.length !== 1) throw new Error(`events: ${found.length} events named ${name} in the ABI`);
  return found[0] as AbiEvent;
}

const event = (signature: string) => parseAbiItem(signature) as AbiEvent;

/** Each event under a key that names it uniquely (Ponder's contract name for it). */
export const EVENTS = {
  // ERC-20 (every token: the accounts' balances and histories, a tokenized asset's holders, Pendle's PT/YT/LP)
  Erc20Transfer: event("event Transfer(address indexed from, address indexed to, uint256 value)"),
  // ERC-4626 (every vault: positions, APYs from share prices)
  Erc4626Deposit: event(
    "event Deposit(address indexed sender, address indexed owner, uint256 assets, uint256 shares)",
  ),
  Erc4626Withdraw: event(
    "event Withdraw(address indexed sender, address indexed receiver, address indexed owner, uint256 assets, uint256 shares)",
  ),
  // Aave v3 Pool
  AaveSupply: fromAbi(aavePoolAbi, "Supply"),
  AaveWithdraw: fromAbi(aavePoolAbi, "Withdraw"),
  AaveBorrow: fromAbi(aavePoolAbi, "Borrow"),
  AaveRepay: fromAbi(aavePoolAbi, "Repay"),
  AaveLiquidationCall: fromAbi(aavePoolAbi, "LiquidationCall"),
  AaveReserveDataUpdated: fromAbi(aavePoolAbi, "ReserveDataUpdated"),
  // Morpho Blue (EventsLib)
  MorphoCreateMarket: event(
    "event CreateMarket(bytes32 indexed id, (address loanToken, address collateralToken, address oracle, address irm, uint256 lltv) marketParams)",
  ),
  MorphoSupply: event(
    "event Supply(bytes32 indexed id, address indexed caller, address indexed onBehalf, uint256 assets, uint256 shares)",
  ),
  MorphoWithdraw: event(
    "event Withdraw(bytes32 indexed id, address caller, address indexed onBehalf, address indexed receiver, uint256 assets, uint256 shares)",
  ),
  MorphoBorrow: event(
    "event Borrow(bytes32 indexed id, address caller, address indexed onBehalf, address indexed receiver, uint256 assets, uint256 shares)",
  ),
  MorphoRepay: event(
    "event Repay(bytes32 indexed id, address indexed caller, address indexed onBehalf, uint256 assets, uint256 shares)",
  ),
  MorphoSupplyCollateral: event(
    "event SupplyCollateral(bytes32 indexed id, address indexed caller, address indexed onBehalf, uint256 assets)",
  ),
  MorphoWithdrawCollateral: event(
    "event WithdrawCollateral(bytes32 indexed id, address caller, address indexed onBehalf, address indexed receiver, uint256 assets)",
  ),
  MorphoLiquidate: event(
    "event Liquidate(bytes32 indexed id, address indexed caller, address indexed borrower, uint256 repaidAssets, uint256 repaidShares, uint256 seizedAssets, uint256 badDebtAssets, uint256 badDebtShares)",
  ),
  MorphoAccrueInterest: event(
    "event AccrueInterest(bytes32 indexed id, uint256 prevBorrowRate, uint256 interest, uint256 feeShares)",
  ),
  // vault factories: MetaMorpho's, Euler's (EVK GenericFactory)
  MetaMorphoCreate: event(
    "event CreateMetaMorpho(address indexed metaMorpho, address indexed caller, address initialOwner, uint256 initialTimelock, address indexed asset, string name, string symbol, bytes32 salt)",
  ),
  EulerProxyCreated: event(
    "event ProxyCreated(address indexed proxy, bool upgradeable, address implementation, bytes trailingData)",
  ),
  // Pendle v2: markets created, market swaps, the YT's interest index, the router's trades
  PendleCreateNewMarket: fromAbi(pendleMarketFactoryAbi, "CreateNewMarket"),
  PendleMarketSwap: fromAbi(pendleMarketAbi, "Swap"),
  PendleNewInterestIndex: fromAbi(pendleYieldTokenAbi, "NewInterestIndex"),
  PendleSwapPtAndToken: fromAbi(pendleRouterSwapPtAbi, "SwapPtAndToken"),
  PendleRedeemPyToToken: fromAbi(pendleRouterMiscAbi, "RedeemPyToToken"),
  // issuers' request vaults: Midas, Centrifuge (ERC-7540), IXS
  MidasRedeemRequest: fromAbi(midasRedemptionVaultAbi, "RedeemRequest"),
  MidasApproveRequest: fromAbi(midasRedemptionVaultAbi, "ApproveRequest"),
  MidasRejectRequest: fromAbi(midasRedemptionVaultAbi, "RejectRequest"),
  Erc7540DepositRequest: fromAbi(centrifugeVaultAbi, "DepositRequest"),
  Erc7540RedeemRequest: fromAbi(centrifugeVaultAbi, "RedeemRequest"),
  CentrifugeDepositClaimable: fromAbi(centrifugeVaultAbi, "DepositClaimable"),
  CentrifugeRedeemClaimable: fromAbi(centrifugeVaultAbi, "RedeemClaimable"),
  IxsRedeemRequest: fromAbi(ixsVaultAbi, "RedeemRequest"),
  IxsRedeemFinalized: fromAbi(ixsVaultAbi, "RedeemFinalized"),
  IxsRedeemRejected: fromAbi(ixsVaultAbi, "RedeemRejected"),
  // the on-ramp's one-time wallets
  OneTimeWalletForwarded: fromAbi(ONE_TIME_WALLET_ABI, "Forwarded"),
  // the Safe proxy factory (product accounts)
  SafeProxyCreation: event("event ProxyCreation(address indexed proxy, address singleton)"),
  // CCTP v2: burns and mints
  CctpDepositForBurn: fromAbi(cctpTokenMessengerV2Abi, "DepositForBurn"),
  CctpMintAndWithdraw: fromAbi(cctpTokenMessengerV2Abi, "MintAndWithdraw"),
} as const satisfies Record<string, AbiEvent>;

export interface IndexedEvent {
  /** unique key: Ponder's contract name for this event (one event per contract) */
  key: string;
  event: AbiEvent;
  selector: Hex;
  /** how many of its inputs are indexed (topics after topic0) */
  indexedCount: number;
  /** a look-alike of a listed event (same topic0, other inputs indexed): kept so the index holds those logs too */
  variant: boolean;
}

const indexedCount = (e: AbiEvent) => e.inputs.filter((i) => (i as { indexed?: boolean }).indexed).length;

const isDynamic = (p: AbiParameter): boolean =>
  p.type === "string" ||
  p.type === "bytes" ||
  p.type.endsWith("]") ||
  (p.type === "tuple" && ((p as { components?: AbiParameter[] }).components ?? []).some(isDynamic));

/** The same event with its first `count` inputs indexed and the others in data. */
function withIndexed(e: AbiEvent, count: number): AbiEvent {
  return {
    ...e,
    inputs: e.inputs.map((input, i) => ({ ...input, indexed: i < count })),
  } as AbiEvent;
}

/**
 * Every form of every listed event the index decodes: the listed events, deduplicated by topic0 and indexed
 * count, and for each topic0 whose inputs are all of static size, its look-alikes with 0–3 indexed inputs not
 * already listed. Ponder hands a handler only the logs its ABI item decodes, and eth_getLogs by topic0 returns a
 * contract's look-alike too (an ERC-721 Transfer has the ERC-20 Transfer's topic0 with its amount indexed): with
 * a form for each topic count, the index holds every log with a listed topic0, as eth_getLogs would return them.
 * For static inputs at most one form decodes a given log (the topic count and data length pin it).
 */
export const INDEXED_EVENTS: readonly IndexedEvent[] = (() => {
  const out: IndexedEvent[] = [];
  const seen = new Set<string>();
  const add = (key: string, e: AbiEvent, variant: boolean) => {
    const selector = toEventSelector(e);
    const count = indexedCount(e);
    const id = `${selector}/${count}`;
    if (seen.has(id)) return;
    seen.add(id);
    out.push({ key, event: e, selector, indexedCount: count, variant });
  };
  for (const [key, e] of Object.entries(EVENTS)) add(key, e, false);
  for (const [key, e] of Object.entries(EVENTS)) {
    if (e.inputs.some(isDynamic)) continue;
    for (let count = 0; count <= Math.min(3, e.inputs.length); count++)
      add(`${key}_Indexed${count}`, withIndexed(e, count), true);
  }
  return out;
})();

/** Every topic0 the index holds, lower-case. */
export const INDEXED_SELECTORS: ReadonlySet<string> = new Set(INDEXED_EVENTS.map((e) => e.selector));
