import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { DevnetPaths } from "../layout.ts";
import { nodeArgs } from "../process/bundle.ts";
import { type ManagedChild, spawnManaged } from "../process/child.ts";
import { assertPortFree } from "../process/ports.ts";
import { waitUntil } from "../process/wait.ts";
import { TWIN_ENV, type TwinConfig, type TwinSpec } from "./types.ts";

export interface RunningTwin {
  spec: TwinSpec;
  url: string;
  process: ManagedChild;
}

/** Absolute URL of tsx's loader: a bare `--import tsx` would resolve from the twin's cwd, not from here. */
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/** Where `npm run build` puts a twin's bundle (used while fresh; see process/bundle.ts). */
export function twinBundlePath(name: string): string {
  return fileURLToPath(new URL(`../../dist/twins/${name}.mjs`, import.meta.url));
}

export function twinPort(portBase: number, spec: Pick<TwinSpec, "portOffset">): number {
  return portBase + spec.portOffset;
}

export function twinUrl(portBase: number, spec: Pick<TwinSpec, "portOffset">): string {
  return `http://127.0.0.1:${twinPort(portBase, spec)}`;
}

/**
 * addressbook.twins[name]: where the twin listens, its API key, whatever the spec adds, and its
 * settings for this start (the spec's from the environment, then `given`).
 */
export function twinAddressBookEntry(
  spec: TwinSpec,
  portBase: number,
  given?: Record<string, unknown>,
  env: Record<string, string | undefined> = process.env,
): { url: string; apiKey?: string; [k: string]: unknown } {
  return {
    url: twinUrl(portBase, spec),
    ...(spec.apiKey ? { apiKey: spec.apiKey } : {}),
    ...spec.addressBook,
    ...(spec.settings ? spec.settings(env, given) : given),
  };
}

function twinConfig(spec: TwinSpec, port: number, paths: DevnetPaths): TwinConfig {
  return {
    name: spec.name,
    host: "127.0.0.1",
    port,
    devnetDir: paths.dir,
    addressBookPath: paths.addressBook,
    twinDir: paths.twinDir(spec.name),
    stateFile: paths.twinState(spec.name),
    apiKey: spec.apiKey,
  };
}

function twinEnv(config: TwinConfig): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, variable] of Object.entries(TWIN_ENV)) {
    const value = config[key as keyof typeof TWIN_ENV];
    if (value !== undefined) env[variable] = String(value);
  }
  return env;
}

/** Starts one twin and waits until it answers GET /health with a 2xx. */
export async function startTwin(spec: TwinSpec, portBase: number, paths: DevnetPaths): Promise<RunningTwin> {
  const port = twinPort(portBase, spec);
  await assertPortFree(port, `twin ${spec.name}`);
  const config = twinConfig(spec, port, paths);
  mkdirSync(config.twinDir, { recursive: true });
  const child = spawnManaged({
    name: `twin ${spec.name}`,
    command: process.execPath,
    args: nodeArgs(spec.entry, twinBundlePath(spec.name), tsxLoader),
    env: { ...process.env, ...spec.env, ...twinEnv(config) },
    cwd: config.twinDir,
    logFile: paths.log(`twin-${spec.name}`),
    stdinPipe: true, // closes when the launcher dies; the twin kit (kit/process.ts) exits on that
  });
  const url = twinUrl(portBase, spec);
  try {
    await waitUntil(async () => (await fetch(`${url}/health`, { signal: AbortSignal.timeout(1_000) })).ok, {
      timeoutMs: spec.readyTimeoutMs ?? 15_000,
      gone: () => !child.running(),
      what: `twin ${spec.name} on port ${port}`,
    });
  } catch (error) {
    await child.stop(1_000);
    throw new Error(`${(error as Error).message}\n${child.logTail()}`);
  }
  return { spec, url, process: child };
}
