import { morphoBlueAbi } from "@compass/constants";
import { minedReceipt } from "@compass/devnet";
import {
  createWalletClient,
  defineChain,
  erc20Abi,
  erc4626Abi,
  type Hex,
  http,
  keccak256,
  parseAbi,
  publicActions,
  stringToHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { BenchRow, BenchSection } from "../types.ts";
import { addressBookFor, percentile, timeSequential } from "../util.ts";

const SAMPLES = 100;
/** the vault list is measured with at least this many vaults (the devnet bootstraps 14 over four chains) */
const LISTED_VAULTS = 24;
const CURATOR_DEV = 4;

const metaMorphoAbi = parseAbi([
  "function createMetaMorpho(address initialOwner, uint256 initialTimelock, address asset, string name, string symbol, bytes32 salt) returns (address)",
  "function withdrawQueue(uint256) view returns (bytes32)",
  "function withdrawQueueLength() view returns (uint256)",
  "function submitCap((address loanToken, address collateralToken, address oracle, address irm, uint256 lltv) marketParams, uint256 newSupplyCap)",
  "function setSupplyQueue(bytes32[] newSupplyQueue)",
  // its errors, so a setup step that would revert says which
  "error AllCapsReached()",
  "error NotEnoughLiquidity()",
  "error UnauthorizedMarket(bytes32 id)",
  "error SupplyCapExceeded(bytes32 id)",
  "error InconsistentAsset(bytes32 id)",
  "error NotCuratorRole()",
  "error NotAllocatorRole()",
  "error MaxQueueLengthExceeded()",
]);

/**
 * Curated USDC vaults on ethereum, as a curator makes them: created by the MetaMorpho factory, caps on the
 * bootstrapped vault's Blue markets (timelock 0: at once), a supply queue, and a first deposit supplied into Blue.
 */
async function curatedVaults(book: any, count: number) {
  const c = book.chains.ethereum;
  const wallet = createWalletClient({
    account: privateKeyToAccount(book.accounts.dev[CURATOR_DEV].privateKey),
    chain: defineChain({
      id: c.chainId,
      name: "ethereum",
      nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [c.rpcUrl] } },
    }),
    transport: http(c.rpcUrl),
  }).extend(publicActions);
  const usdc = book.tokens.ethereum.USDC.address as Hex;
  const send = async (hash: Promise<Hex>) => {
    const receipt = await minedReceipt(wallet, await hash);
    if (receipt.status !== "success")
      throw new Error(`curated vault setup reverted: ${receipt.transactionHash}`);
  };
  const template = c.contracts.MetaMorphoUSDC as Hex;
  const length = await wallet.readContract({
    address: template,
    abi: metaMorphoAbi,
    functionName: "withdrawQueueLength",
  });
  const ids = await Promise.all(
    Array.from({ length: Number(length) }, (_, i) =>
      wallet.readContract({
        address: template,
        abi: metaMorphoAbi,
        functionName: "withdrawQueue",
        args: [BigInt(i)],
      }),
    ),
  );
  const markets = await Promise.all(
    ids.map(async (id) => {
      const [loanToken, collateralToken, oracle, irm, lltv] = await wallet.readContract({
        address: c.contracts.MorphoBlue,
        abi: morphoBlueAbi,
        functionName: "idToMarketParams",
        args: [id],
      });
      return { loanToken, collateralToken, oracle, irm, lltv };
    }),
  );
  for (let i = 0; i < count; i++) {
    const salt = keccak256(stringToHex(`bench.curated.${Date.now()}.${i}`));
    const { result: vault, request } = await wallet.simulateContract({
      address: c.contracts.MorphoVaultFactory,
      abi: metaMorphoAbi,
      functionName: "createMetaMorpho",
      args: [wallet.account.address, 0n, usdc, `Bench Curated USDC ${i + 1}`, `bcUSDC${i + 1}`, salt],
    });
    await send(wallet.writeContract(request));
    for (const market of markets)
      await send(
        wallet.writeContract({
          address: vault,
          abi: metaMorphoAbi,
          functionName: "submitCap",
          args: [market, 1_000_000_000_000n],
        }),
      );
    await send(
      wallet.writeContract({
        address: vault,
        abi: metaMorphoAbi,
        functionName: "setSupplyQueue",
        args: [ids],
      }),
    );
    const amount = BigInt(1000 + i * 250) * 1_000_000n;
    await send(
      wallet.writeContract({ address: usdc, abi: erc20Abi, functionName: "approve", args: [vault, amount] }),
    );
    // simulated first: a revert names its error (MetaMorpho's or Morpho Blue's) instead of a bare status
    const { request: deposit } = await wallet.simulateContract({
      address: vault,
      abi: [...erc4626Abi, ...metaMorphoAbi],
      functionName: "deposit",
      args: [amount, wallet.account.address],
    });
    await send(wallet.writeContract(deposit));
  }
}

/**
 * Swap quotes: `GET /v2/earn/swap_quote` through the API against the same quote asked of the aggregator twin
 * directly (its 1inch `/quote`), sequentially, in the same run. The ratio is what the API adds: validation,
 * token resolution (cached symbols, an ERC-20 read for an unknown address) and one upstream call.
 */
export const earn: BenchSection = {
  name: "earn",
  async run({ url, stack }) {
    const book = addressBookFor(stack);
    const usdc = book.tokens.ethereum.USDC.address;
    const weth = book.tokens.ethereum.WETH.address;
    const twin = book.twins.aggregator;
    const ok = async (r: Response) => {
      if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${await r.text()}`);
      await r.arrayBuffer();
    };
    // interleaved, so both see the same warm caches (the twin's pool index) and the same load
    const quoteDirect = () =>
      fetch(`${twin.url}/swap/v6.0/1/quote?src=${usdc}&dst=${weth}&amount=1000000000`, {
        headers: { authorization: `Bearer ${twin.apiKey}` },
      }).then(ok);
    const quoteApi = () =>
      fetch(`${url}/v2/earn/swap_quote?chain=ethereum&token_in=USDC&token_out=WETH&amount_in=1000`).then(ok);
    const direct: number[] = [];
    const api: number[] = [];
    for (let i = 0; i < 5; i++) await Promise.all([quoteDirect(), quoteApi()]);
    for (let i = 0; i < SAMPLES; i++)
      for (const [call, times] of [
        [quoteDirect, direct],
        [quoteApi, api],
      ] as const) {
        const t = performance.now();
        await call();
        times.push(performance.now() - t);
      }
    direct.sort((a, b) => a - b);
    api.sort((a, b) => a - b);
    const row = (metric: string, value: number | string, unit?: string, note?: string): BenchRow => ({
      section: "earn",
      metric,
      value,
      unit,
      note,
    });
    const [a50, d50] = [percentile(api, 50), percentile(direct, 50)];
    // the vault list reads every vault (state, oracle price, Blue allocations, event history) on each request
    const before = await fetch(`${url}/v2/earn/vaults?order_by=tvl_usd&limit=1`).then((r) => r.json());
    await curatedVaults(book, Math.max(0, LISTED_VAULTS - before.total));
    const listed = await fetch(`${url}/v2/earn/vaults?order_by=tvl_usd&limit=100`).then((r) => r.json());
    const vaultTimes = await timeSequential(
      () => fetch(`${url}/v2/earn/vaults?order_by=tvl_usd&limit=100`).then(ok),
      30,
    );
    const markets = await timeSequential(() => fetch(`${url}/v2/earn/aave_markets?days=30`).then(ok), 30);
    return [
      row("swap quote via API p50", a50.toFixed(2), "ms", `p99 ${percentile(api, 99).toFixed(2)} ms`),
      row(
        "swap quote aggregator direct p50",
        d50.toFixed(2),
        "ms",
        `p99 ${percentile(direct, 99).toFixed(2)} ms`,
      ),
      row("swap quote API / direct", (a50 / d50).toFixed(2), "×", `+${(a50 - d50).toFixed(2)} ms per quote`),
      row(
        `vaults list p50 (${listed.total} vaults)`,
        percentile(vaultTimes, 50).toFixed(1),
        "ms",
        `p99 ${percentile(vaultTimes, 99).toFixed(1)} ms; ${(percentile(vaultTimes, 50) / listed.total).toFixed(1)} ms per vault`,
      ),
      row(
        "aave_markets p50 (every chain, 30 d)",
        percentile(markets, 50).toFixed(1),
        "ms",
        `p99 ${percentile(markets, 99).toFixed(1)} ms`,
      ),
    ];
  },
};
