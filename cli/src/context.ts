import { CompassError, type Hooks, Transport } from "@compass/sdk";
import { profileName, readConfig } from "./config.ts";
import { parseDuration } from "./duration.ts";
import { jq, type OutputFormat, render } from "./output.ts";
import { VERSION } from "./version.ts";

/** Where a command writes and how it reaches the API. Tests pass their own streams and env. */
export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  readStdin?: () => Promise<string | undefined>;
  fetch?: typeof fetch;
  openUrl?: (url: string) => Promise<boolean>;
  /** asks the person at the terminal a yes/no question; absent when nobody can answer */
  confirm?: (question: string) => Promise<boolean>;
  sleep?: (ms: number) => Promise<void>;
}

const AGENT_VARS = [
  "CLAUDE_CODE",
  "CURSOR_AGENT",
  "CODEX",
  "AIDER",
  "CLINE",
  "WINDSURF_AGENT",
  "GITHUB_COPILOT",
  "AMAZON_Q",
  "GEMINI_CODE_ASSIST",
  "SRC_CODY",
  "FORCE_AGENT_MODE",
];

export interface Globals {
  serverURL: string;
  apiKey?: string;
  format: OutputFormat;
  jq?: string;
  headers: Record<string, string>;
  timeoutMs: number;
  dryRun: boolean;
  debug: boolean;
  interactive: boolean;
  /** --yes: a write's payload is printed without asking */
  yes: boolean;
  agent: boolean;
  color: boolean;
  includeHeaders: boolean;
  profile: string;
}

export function globalsFrom(flags: Map<string, string[]>, io: Io): Globals {
  const last = (...names: string[]) => names.map((n) => flags.get(n)?.at(-1)).find((v) => v !== undefined);
  const agentFlag = last("agent-mode");
  const agent = agentFlag !== undefined ? agentFlag !== "false" : AGENT_VARS.some((v) => io.env[v]);
  const format = (last("output-format", "o") ?? (agent ? "json" : "pretty")) as OutputFormat;
  if (!["pretty", "json", "yaml", "table"].includes(format))
    throw new Error(`--output-format must be pretty, json, yaml or table (got '${format}')`);
  const headers: Record<string, string> = {};
  for (const h of [...(flags.get("header") ?? []), ...(flags.get("H") ?? [])]) {
    const i = h.indexOf(":");
    if (i <= 0) throw new Error(`--header expects "Name: value" (got '${h}')`);
    headers[h.slice(0, i).trim().toLowerCase()] = h.slice(i + 1).trim();
  }
  const colorFlag = last("color") ?? "auto";
  if (!["auto", "always", "never"].includes(colorFlag))
    throw new Error(`--color must be auto, always or never (got '${colorFlag}')`);
  const file = readConfig(io.env);
  const profile = profileName(last("profile"), io.env, file);
  const saved = file.profiles?.[profile] ?? {};
  if (last("profile") && !file.profiles?.[profile])
    throw new Error(`No profile '${profile}' in the config file (compass config list)`);
  const color =
    colorFlag === "always" ||
    (colorFlag === "auto" && !io.env.NO_COLOR && (!!io.env.FORCE_COLOR || (process.stdout.isTTY ?? false)));
  return {
    serverURL: last("server-url") ?? io.env.COMPASS_SERVER_URL ?? saved.server_url ?? "http://127.0.0.1:3000",
    apiKey: last("api-key-auth") ?? io.env.COMPASS_API_KEY_AUTH ?? saved.api_key_auth,
    format,
    jq: last("jq", "q"),
    headers,
    timeoutMs: parseDuration(last("timeout") ?? "30s"),
    dryRun: last("dry-run") === "true",
    debug: last("debug", "d") === "true",
    interactive: last("no-interactive") !== "true" && !agent,
    yes: last("yes") === "true",
    agent,
    color,
    includeHeaders: last("include-headers") === "true",
    profile,
  };
}

/** The SDK transport for these flags: `--debug` logs each request and response (key redacted) to stderr. */
export function transportFor(g: Globals, io: Io, hooks?: Hooks): Transport {
  return new Transport({
    serverURL: g.serverURL,
    apiKeyAuth: g.apiKey,
    headers: g.headers,
    timeoutMs: g.timeoutMs,
    fetch: io.fetch,
    hooks,
    debug: g.debug ? (line) => io.stderr(`${line}\n`) : false,
    userAgentSuffix: `compass-cli/${VERSION}`,
  });
}

/** `rowsAt`: the operation's `cli.table` (where `-o table` finds rows in a response that is no list). */
export function print(value: unknown, g: Globals, io: Io, rowsAt?: string): void {
  const v = g.jq ? jq(value, g.jq) : value;
  io.stdout(`${render(v, g.format, g.color, g.jq ? undefined : rowsAt)}\n`);
}

/** Errors go to stderr: the server's body verbatim in json/yaml/agent modes, a readable line otherwise. */
export function printError(error: unknown, g: Globals | undefined, io: Io): number {
  if (error instanceof CompassError) {
    if (g && (g.format === "json" || g.format === "yaml" || g.agent) && error.body !== undefined) {
      const body = error.body ?? { error: error.kind, message: error.shortMessage };
      io.stderr(
        `${render(g.agent ? { status: error.status, ...(typeof body === "object" ? body : { message: body }) } : body, g.format === "yaml" ? "yaml" : "json", false)}\n`,
      );
    } else {
      io.stderr(`Error${error.status ? ` ${error.status}` : ""}: ${error.shortMessage}\n`);
    }
    return 1;
  }
  io.stderr(`Error: ${(error as Error)?.message ?? error}\n`);
  return 1;
}
