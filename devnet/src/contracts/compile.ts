import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import solc from "solc";
import type { Artifact } from "./artifacts.ts";

/** devnet/contracts — every .sol file under it is compiled together. */
const CONTRACTS_DIR = fileURLToPath(new URL("../../contracts/", import.meta.url));

/**
 * Fixed settings so the committed artifacts are reproducible byte for byte: no IPFS/swarm hash in the
 * metadata trailer (it would change with any whitespace edit), and a pinned EVM version instead of the
 * compiler's default, which moves between solc releases.
 */
const SOLC_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "cancun",
  metadata: { bytecodeHash: "none" },
  outputSelection: {
    "*": {
      "*": [
        "abi",
        "evm.bytecode.object",
        "evm.deployedBytecode.object",
        "evm.deployedBytecode.immutableReferences",
      ],
    },
  },
} as const;

/** Contracts only ever deployed through their constructor (CREATE2), never placed with anvil_setCode. */
const CONSTRUCTED_ONLY = new Set([
  "CentrifugeAsyncVaultTwin",
  "IxsManagedVault",
  "MidasDataFeedTwin",
  "MidasDepositVaultTwin",
  "MidasRedemptionVaultTwin",
  "Erc4626Vault",
  "EulerFactoryTwin",
  "EulerIrmLinearKinkTwin",
  "EulerVaultTwin",
  "MetaMorphoTwin",
  "MetaMorphoTwinFactory",
  "PendleErc4626SY",
  "SkyTokenTwin",
  "DaiUsdsTwin",
  "UsdsPsmWrapperTwin",
  "SUsdsTwin",
  "StakedUSDeTwin",
]);

interface SolcContractOutput {
  abi: unknown[];
  evm: {
    bytecode: { object: string };
    deployedBytecode: { object: string; immutableReferences?: Record<string, unknown> };
  };
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, SolcContractOutput>>;
}

const require = createRequire(import.meta.url);

/** Source unit names are paths relative to contracts/, with forward slashes on every platform. */
function readOwnSources(dir = CONTRACTS_DIR): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".sol")) continue;
    const path = join(entry.parentPath, entry.name);
    sources[relative(dir, path).split(sep).join("/")] = readFileSync(path, "utf8");
  }
  return sources;
}

/** Resolves `@openzeppelin/...` (and any other package import) from node_modules. */
function readImport(path: string): { contents: string } | { error: string } {
  try {
    const [scope, name, ...rest] = path.split("/");
    const root = dirname(require.resolve(`${scope}/${name}/package.json`));
    return { contents: readFileSync(join(root, ...rest), "utf8") };
  } catch (error) {
    return { error: `cannot resolve import ${path}: ${(error as Error).message}` };
  }
}

/**
 * Compiles devnet/contracts with solc-js. Each top-level file `X.sol` yields the artifact for contract
 * `X`; files in sub-folders are building blocks only. Throws on any compiler error.
 */
export function compileContracts(): Record<string, Artifact> {
  const sources = readOwnSources();
  const imported: Record<string, string> = {};
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(Object.entries(sources).map(([k, content]) => [k, { content }])),
    settings: SOLC_SETTINGS,
  };
  const findImports = (path: string) => {
    const result = readImport(path);
    if ("contents" in result) imported[path] = result.contents;
    return result;
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join("\n")}`);

  const compiler = `solc-js ${solc.version()}`;
  const sourceHash = hashInputs(compiler, { ...sources, ...imported });
  const artifacts: Record<string, Artifact> = {};
  for (const unit of Object.keys(sources).filter((k) => !k.includes("/"))) {
    const contractName = unit.replace(/\.sol$/, "");
    const out = output.contracts?.[unit]?.[contractName];
    if (!out) throw new Error(`${unit} must define a contract named ${contractName}`);
    // The devnet installs most runtime code with anvil_setCode, which cannot fill in immutables; only
    // contracts it always deploys through their constructor may have them.
    const immutables = Object.keys(out.evm.deployedBytecode.immutableReferences ?? {}).length > 0;
    if (immutables && !CONSTRUCTED_ONLY.has(contractName)) {
      throw new Error(`${contractName} uses immutables; the devnet places runtime code directly`);
    }
    artifacts[contractName] = {
      contractName,
      abi: out.abi,
      bytecode: `0x${out.evm.bytecode.object}`,
      deployedBytecode: `0x${out.evm.deployedBytecode.object}`,
      sourceHash,
      compiler,
    };
  }
  return artifacts;
}

/** sha256 over the compiler, the settings and every source (own and imported), in a stable order. */
function hashInputs(compiler: string, sources: Record<string, string>): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify({ compiler, settings: SOLC_SETTINGS }));
  for (const key of Object.keys(sources).sort()) hash.update(`\n${key}\n${sources[key]}`);
  return `0x${hash.digest("hex")}`;
}
