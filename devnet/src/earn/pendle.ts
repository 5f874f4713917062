import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  type Abi,
  type Address,
  concatHex,
  encodeAbiParameters,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  pad,
  parseUnits,
  toFunctionSelector,
  toHex,
} from "viem";
import { roleAccount } from "../accounts.ts";
import { chainSpecByName } from "../config.ts";
import { loadArtifact } from "../contracts/artifacts.ts";
import { type Create2Deployment, create2Deployment } from "./deploy.ts";
import { linkedBytecode, type NpmContract, npmArtifact } from "./npm-artifacts.ts";
import { type EarnChain, earnTokens } from "./tokens.ts";
import { PLAIN_VAULTS, plainVaultDeployment } from "./vaults.ts";

/**
 * Pendle v2 from its authors' npm build (`@pendle/core-v2` 6.11.0), wired as `deployments/1-core.json` wires
 * mainnet: the yield contract factory (`PendleYieldContractFactoryUpg`, YT creation code split in two code
 * contracts as Pendle's `BaseSplitCodeFactory` does) and the market factory (`PendleMarketFactoryV7Upg`, the
 * `PendleMarketV7` creation code split the same way) behind OpenZeppelin transparent proxies administered by a `PendleProxyAdmin`, the gauge
 * controller (`PendleGaugeControllerUpg`, UUPS behind an ERC1967Proxy; no incentives are set, so its PENDLE —
 * Pendle's own `PendleERC20`, zero supply — is never paid out) and `PendleRouterV4` with its action facets
 * mapped through `ActionStorageV4`. Owner, treasury and proxy admin: `deployer`. The only contract that is
 * not Pendle's is the SY (contracts/PendleErc4626SY.sol): Pendle ships no SY implementation on npm.
 *
 * Every address is CREATE2 (the devnet's factory for our deployments, Pendle's factories for SY-derived
 * ones), so the address book lists them before any chain starts.
 */

const require = createRequire(import.meta.url);

/**
 * OpenZeppelin's proxies in the version Pendle depends on (4.9.3, resolved from @pendle/core-v2 itself):
 * the transparent proxy takes an admin contract and may start uninitialized, as Pendle's deploy needs
 * (OpenZeppelin 5.7, the devnet's own, refuses a proxy without an initializing call).
 */
function pendleOzArtifact(name: "TransparentUpgradeableProxy" | "ERC1967Proxy"): { abi: Abi; bytecode: Hex } {
  const fromPendle = createRequire(require.resolve("@pendle/core-v2/package.json"));
  return fromPendle(`@openzeppelin/contracts/build/contracts/${name}.json`);
}

/** Pendle's mainnet fee settings (deployments/1-core.json: initialInterestFee, initialRewardFee, reserve fee). */
export const PENDLE_FEES = {
  expiryDivisor: 86_400n,
  interestFeeRate: parseUnits("0.03", 18),
  rewardFeeRate: parseUnits("0.03", 18),
  reserveFeePercent: 80,
} as const;

/**
 * The one Pendle market per earn chain: PT/YT over an SY of the plain USDC ERC-4626 vault. The expiry is a
 * fixed date (a Thursday 00:00 UTC, as Pendle's own), since the PT, YT and market addresses derive from it
 * and the address book must know them without reading a chain. Market parameters are stablecoin-like:
 * seeded with equal PT and SY-asset value, the initial implied rate is anchor^(1y/time to expiry) - 1, about
 * 6-7% a year from a late-2026 bootstrap.
 */
export const PENDLE_MARKET = {
  key: "USDC",
  vault: "USDC", // the plain ERC-4626 vault over this asset
  syName: "SY Devnet USDC Vault",
  sySymbol: "SY-dvUSDC",
  /** 2027-12-30T00:00:00Z */
  expiry: 1_830_124_800,
  scalarRoot: parseUnits("15", 18),
  initialAnchor: parseUnits("1.07", 18),
  /** ~ln(1.001): a 0.1% yearly fee on the implied rate, within the factory's ln(1.05) ceiling */
  lnFeeRateRoot: parseUnits("0.001", 18),
  /** USDC minted to `earn_operator` for the seed: half becomes PT (+YT), half stays SY, both go into the pool */
  seed: "500000",
} as const;

/** Router facets; ActionAddRemoveLiqV3 is left out: see ROUTER_FACETS_SKIPPED. */
export const ROUTER_FACETS = [
  "ActionSwapPTV3",
  "ActionSwapYTV3",
  "ActionMiscV3",
  "ActionSimple",
  "ActionCallbackV3",
  "ActionStorageV4",
] as const satisfies readonly NpmContract[];

/**
 * The package's ActionAddRemoveLiqV3 has 24,745 bytes of runtime code, over EIP-170's 24,576 that anvil
 * enforces, so it cannot be deployed here; liquidity is seeded through the market's own `mint`, and an account adds
 * and removes it through the router's other facets: `ActionSimple.addLiquiditySingleTokenSimple` and
 * `ActionMiscV3.exitPreExpToToken` / `exitPostExpToToken`.
 */
export const ROUTER_FACETS_SKIPPED = ["ActionAddRemoveLiqV3"] as const;

/**
 * Pendle's quoting contract, `PendleRouterStatic` (the view router Pendle's own app and SDK quote with), with
 * the facets a swap quote and a market read need. Not `ActionVePendleStatic`: it needs a vePENDLE, and the
 * devnet has no incentives.
 */
export const ROUTER_STATIC_FACETS = [
  "ActionStorageStatic",
  "ActionMarketCoreStatic",
  "ActionMarketAuxStatic",
  "ActionMintRedeemStatic",
  "ActionInfoStatic",
] as const satisfies readonly NpmContract[];

/**
 * The static router's default approximation (its binary search for PT amounts): the full range, 256
 * iterations, 1e-9 relative precision.
 */
export const ROUTER_STATIC_APPROX = {
  guessMin: 0n,
  guessMax: 2n ** 256n - 1n,
  guessOffchain: 0n,
  maxIteration: 256n,
  eps: 10n ** 9n,
} as const;

/** CodeDeployer's creation prefix, read from Pendle's source (BaseSplitCodeFactory.sol). */
function codeDeployerPrefix(): Hex {
  const source = readFileSync(
    require.resolve("@pendle/core-v2/contracts/core/libraries/BaseSplitCodeFactory.sol"),
    "utf8",
  );
  const match = /_DEPLOYER_CREATION_CODE\s*=\s*(0x[0-9a-fA-F]{64})/.exec(source);
  if (!match) throw new Error("CodeDeployer prefix not found in @pendle/core-v2");
  return match[1] as Hex;
}

/**
 * BaseSplitCodeFactory.setCreationCode: A holds the first floor(n/2) bytes of the creation code, B the rest,
 * each as the runtime code of a contract CodeDeployer creates. Here each is CREATE2'd with CodeDeployer's
 * own init code (prefix ++ data), so the code contracts hold the same bytes at known addresses.
 */
function splitCode(label: string, creationCode: Hex) {
  const bytes = (creationCode.length - 2) / 2;
  const sizeA = Math.floor(bytes / 2);
  const partA = `0x${creationCode.slice(2, 2 + sizeA * 2)}` as Hex;
  const partB = `0x${creationCode.slice(2 + sizeA * 2)}` as Hex;
  const prefix = codeDeployerPrefix();
  const code = (part: Hex, name: string) =>
    create2Deployment(`earn.pendle:${label}-code-${name}`, { abi: [], bytecode: concatHex([prefix, part]) });
  return {
    a: code(partA, "a"),
    sizeA: BigInt(sizeA),
    b: code(partB, "b"),
    sizeB: BigInt(bytes - sizeA),
  };
}

const deployer = () => roleAccount("deployer").address;

function oracleLib(): Create2Deployment {
  return create2Deployment("earn.pendle:oracle-lib", npmArtifact("OracleLib"));
}

function marketCreationCode(): Hex {
  return linkedBytecode("PendleMarketV7", { OracleLib: oracleLib().address });
}

export function pendleDeployments() {
  const proxyAdmin = create2Deployment("earn.pendle:proxy-admin", npmArtifact("PendleProxyAdmin"), [
    deployer(),
  ]);
  const pendleToken = create2Deployment("earn.pendle:pendle-token", npmArtifact("PendleERC20"), [
    "Pendle",
    "PENDLE",
    18,
  ]);
  const gaugeImpl = create2Deployment(
    "earn.pendle:gauge-controller-impl",
    npmArtifact("PendleGaugeControllerUpg"),
    [pendleToken.address],
  );
  const gauge = create2Deployment("earn.pendle:gauge-controller", pendleOzArtifact("ERC1967Proxy"), [
    gaugeImpl.address,
    encodeFunctionData({
      abi: npmArtifact("PendleGaugeControllerUpg").abi,
      functionName: "initialize",
      args: [deployer()],
    }),
  ]);
  const ytCode = splitCode("yt", npmArtifact("PendleYieldToken").bytecode);
  const yieldFactoryImpl = create2Deployment(
    "earn.pendle:yield-contract-factory-impl",
    npmArtifact("PendleYieldContractFactoryUpg"),
    [ytCode.a.address, ytCode.sizeA, ytCode.b.address, ytCode.sizeB],
  );
  // The factories' initializers call their own onlyOwner setters, so the owner sends `initialize` once the
  // proxy is up (pendleInitializers), as Pendle's own deploy does, rather than the proxy's constructor.
  const yieldFactory = create2Deployment(
    "earn.pendle:yield-contract-factory",
    pendleOzArtifact("TransparentUpgradeableProxy"),
    [yieldFactoryImpl.address, proxyAdmin.address, "0x"],
  );
  const marketCode = splitCode("market", marketCreationCode());
  const marketFactoryImpl = create2Deployment(
    "earn.pendle:market-factory-impl",
    npmArtifact("PendleMarketFactoryV7Upg"),
    [
      yieldFactory.address,
      marketCode.a.address,
      marketCode.sizeA,
      marketCode.b.address,
      marketCode.sizeB,
      gauge.address,
    ],
  );
  const marketFactory = create2Deployment(
    "earn.pendle:market-factory",
    pendleOzArtifact("TransparentUpgradeableProxy"),
    [marketFactoryImpl.address, proxyAdmin.address, "0x"],
  );
  const facets = Object.fromEntries(
    ROUTER_FACETS.map((name) => [name, create2Deployment(`earn.pendle:router-${name}`, npmArtifact(name))]),
  ) as Record<(typeof ROUTER_FACETS)[number], Create2Deployment>;
  const router = create2Deployment("earn.pendle:router", npmArtifact("PendleRouterV4"), [
    deployer(),
    facets.ActionStorageV4.address,
  ]);
  const staticFacets = Object.fromEntries(
    ROUTER_STATIC_FACETS.map((name) => [
      name,
      create2Deployment(`earn.pendle:router-static-${name}`, npmArtifact(name)),
    ]),
  ) as Record<(typeof ROUTER_STATIC_FACETS)[number], Create2Deployment>;
  const routerStatic = create2Deployment("earn.pendle:router-static", npmArtifact("PendleRouterStatic"), [
    deployer(),
    staticFacets.ActionStorageStatic.address,
  ]);
  return {
    proxyAdmin,
    pendleToken,
    gaugeImpl,
    gauge,
    ytCodeA: ytCode.a,
    ytCodeB: ytCode.b,
    yieldFactoryImpl,
    yieldFactory,
    oracleLib: oracleLib(),
    marketCodeA: marketCode.a,
    marketCodeB: marketCode.b,
    marketFactoryImpl,
    marketFactory,
    facets,
    router,
    staticFacets,
    routerStatic,
  };
}

/** `initialize` calls the owner sends to each factory proxy (once: while its owner is still unset). */
export function pendleInitializers() {
  const d = pendleDeployments();
  return [
    {
      address: d.yieldFactory.address,
      abi: npmArtifact("PendleYieldContractFactoryUpg").abi,
      args: [
        PENDLE_FEES.expiryDivisor,
        PENDLE_FEES.interestFeeRate,
        PENDLE_FEES.rewardFeeRate,
        deployer(),
        deployer(),
      ] as readonly unknown[],
    },
    {
      address: d.marketFactory.address,
      abi: npmArtifact("PendleMarketFactoryV7Upg").abi,
      args: [deployer(), deployer(), PENDLE_FEES.reserveFeePercent] as readonly unknown[],
    },
  ];
}

/** Each facet's selectors (every function in its ABI), as Pendle's deploy maps them on a router. */
function facetSelectors(
  names: readonly NpmContract[],
  deployments: Record<string, Create2Deployment>,
): { facet: Address; selectors: Hex[] }[] {
  return names.map((name) => ({
    facet: deployments[name]!.address,
    selectors: (npmArtifact(name).abi as Abi)
      .filter((item) => item.type === "function")
      .map((item) => toFunctionSelector(item as never)),
  }));
}

/** PendleRouterV4's facets, as `setSelectorToFacets` takes them. */
export const routerSelectors = () => facetSelectors(ROUTER_FACETS, pendleDeployments().facets);

/** The static router's facets, as `setFacetForSelectors` takes them. */
export const routerStaticSelectors = () =>
  facetSelectors(ROUTER_STATIC_FACETS, pendleDeployments().staticFacets);

export function pendleSyDeployment(chain: EarnChain): Create2Deployment {
  const vault = PLAIN_VAULTS.find((v) => v.asset === PENDLE_MARKET.vault)!;
  return create2Deployment(`earn.pendle:sy-${PENDLE_MARKET.key}`, loadArtifact("PendleErc4626SY"), [
    PENDLE_MARKET.syName,
    PENDLE_MARKET.sySymbol,
    plainVaultDeployment(chain, vault).address,
  ]);
}

/** ExpiryUtils.toRFC2822String: day without leading zero, English month, year ("30DEC2027"). */
function expiryString(expiry: number): string {
  const d = new Date(expiry * 1000);
  const months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
  return `${d.getUTCDate()}${months[d.getUTCMonth()]}${d.getUTCFullYear()}`;
}

/** PT, YT and market addresses as Pendle's factories CREATE2 them (salt = chain id). */
export function pendleMarketAddresses(chain: EarnChain) {
  const d = pendleDeployments();
  const sy = pendleSyDeployment(chain).address;
  const salt = pad(toHex(chainSpecByName(chain).chainId), { size: 32 });
  const decimals = earnTokens(chain).USDC.decimals;
  const core = (prefix: string, sep: string, s: string, coreOf: string) =>
    `${prefix}${sep}${s.slice(coreOf.length)}${sep}${expiryString(PENDLE_MARKET.expiry)}`;
  const ptName = core("PT", " ", PENDLE_MARKET.syName, "SY ");
  const ptSymbol = core("PT", "-", PENDLE_MARKET.sySymbol, "SY-");
  const ytName = core("YT", " ", PENDLE_MARKET.syName, "SY ");
  const ytSymbol = core("YT", "-", PENDLE_MARKET.sySymbol, "SY-");
  const expiry = BigInt(PENDLE_MARKET.expiry);
  const pt = getContractAddress({
    opcode: "CREATE2",
    from: d.yieldFactory.address,
    salt,
    bytecode: encodeDeployData({
      abi: npmArtifact("PendlePrincipalToken").abi,
      bytecode: npmArtifact("PendlePrincipalToken").bytecode,
      args: [sy, ptName, ptSymbol, decimals, expiry],
    }),
  });
  const yt = getContractAddress({
    opcode: "CREATE2",
    from: d.yieldFactory.address,
    salt,
    bytecode: concatHex([
      npmArtifact("PendleYieldToken").bytecode,
      encodeAbiParameters(
        [
          { type: "address" },
          { type: "address" },
          { type: "string" },
          { type: "string" },
          { type: "uint8" },
          { type: "uint256" },
          { type: "bool" },
        ],
        [sy, pt, ytName, ytSymbol, decimals, expiry, false],
      ),
    ]),
  });
  const market = getContractAddress({
    opcode: "CREATE2",
    from: d.marketFactory.address,
    salt,
    bytecode: concatHex([
      marketCreationCode(),
      encodeAbiParameters(
        [
          { type: "address" },
          { type: "int256" },
          { type: "int256" },
          { type: "uint80" },
          { type: "address" },
        ],
        [
          pt,
          PENDLE_MARKET.scalarRoot,
          PENDLE_MARKET.initialAnchor,
          PENDLE_MARKET.lnFeeRateRoot,
          d.gauge.address,
        ],
      ),
    ]),
  });
  return { sy, pt, yt, market };
}

/** Pendle's published ABIs the extension and tests call. */
export const pendleAbi = (name: NpmContract) => npmArtifact(name).abi as Abi;
