import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { parseBool, parseList, type ToolSelection } from "./select.ts";
import { createMcpServer, exposedOperations, VERSION } from "./server.ts";

export const USAGE = `compass-mcp — the Compass API as MCP tools over stdio

Usage: compass-mcp [--tools <names>] [--read-only]

  --tools <a,b,…>   expose only these tools (operationIds, e.g. v2_onramp_status) and groups (e.g.
                    onramp, perpetual_trading); v1 operations only when named (env COMPASS_MCP_TOOLS)
  --read-only       expose only read-only tools (env COMPASS_MCP_READ_ONLY=1)
  --list            print the tools that would be exposed and exit
  -h, --help        this help
  --version         print the version

Environment: COMPASS_SERVER_URL (API base URL), COMPASS_API_KEY_AUTH (API key).`;

/** `--tools a,b --read-only` (flags win over COMPASS_MCP_TOOLS / COMPASS_MCP_READ_ONLY). */
export function parseStdioArgs(
  argv: string[],
  env: Record<string, string | undefined>,
): ToolSelection & { help?: boolean; version?: boolean; list?: boolean } {
  const out: ToolSelection & { help?: boolean; version?: boolean; list?: boolean } = {
    tools: parseList(env.COMPASS_MCP_TOOLS),
    readOnly: parseBool(env.COMPASS_MCP_READ_ONLY),
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.startsWith("--")
      ? [arg.split("=")[0]!, arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : undefined]
      : [arg, undefined];
    if (name === "--tools") {
      const value = inline ?? argv[++i];
      if (!value) throw new Error("--tools needs a comma-separated list");
      out.tools = parseList(value);
    } else if (name === "--read-only") out.readOnly = inline === undefined ? true : parseBool(inline);
    else if (name === "--list") out.list = true;
    else if (name === "--help" || name === "-h") out.help = true;
    else if (name === "--version") out.version = true;
    else throw new Error(`Unknown argument '${arg}'. Run compass-mcp --help.`);
  }
  return out;
}

/** `compass-mcp`: the tools over stdio, reaching the API at $COMPASS_SERVER_URL with $COMPASS_API_KEY_AUTH. */
export async function main(argv: string[] = process.argv.slice(2)): Promise<void> {
  let opts: ReturnType<typeof parseStdioArgs>;
  try {
    opts = parseStdioArgs(argv, process.env);
    exposedOperations(opts); // an unknown tool name fails here, before the client connects
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 2;
    return;
  }
  if (opts.help) return void process.stdout.write(`${USAGE}\n`);
  if (opts.version) return void process.stdout.write(`${VERSION}\n`);
  if (opts.list)
    return void process.stdout.write(
      `${exposedOperations(opts)
        .map((op) => op.mcpName)
        .join("\n")}\n`,
    );
  const server = createMcpServer({
    ...opts,
    client: { serverURL: process.env.COMPASS_SERVER_URL, apiKeyAuth: process.env.COMPASS_API_KEY_AUTH },
  });
  await server.connect(new StdioServerTransport());
}
