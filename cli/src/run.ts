import { groups, manifest, type OperationManifest } from "@compass/sdk/manifest";
import { parseArgv } from "./argv.ts";
import { type Globals, globalsFrom, type Io, print, printError, transportFor } from "./context.ts";
import { EXTRA_COMMANDS } from "./extras.ts";
import { convert, isSwitch, kebab } from "./flags.ts";
import { commandFields, commandHelp, GLOBAL_FLAGS, groupHelp, rootHelp } from "./help.ts";

export const VERSION = "0.0.1";

/** Entry point: parse, call the API through the SDK, print. Returns the exit code. */
/** Boolean flags of `ops` (long and short): they take no value. */
function switchesOf(ops: OperationManifest[]): Set<string> {
  return new Set(
    ops.flatMap((op) =>
      commandFields(op)
        .filter((f) => isSwitch(f.schema))
        .flatMap((f) => [kebab(f.name), ...(op.cli.short[f.name] ? [op.cli.short[f.name]!] : [])]),
    ),
  );
}

export async function run(argv: string[], io: Io): Promise<number> {
  const switches = switchesOf(manifest);
  for (const list of Object.values(EXTRA_COMMANDS))
    for (const c of list) for (const s of c.switches ?? []) switches.add(s);
  // First pass only finds the group and command; a short flag is a switch in one command and takes a
  // value in another (`-r` is reduce-only in `pt`, range in `ta market`), so flags are parsed again below.
  let args = parseArgv(argv, switches);
  let g: Globals | undefined;
  try {
    g = globalsFrom(args.flags, io);
    const [groupName, commandName] = args.positionals;
    const help = args.flags.has("help") || args.flags.has("h");
    if (!groupName) {
      if (args.flags.has("version")) return print0(io, `${VERSION}\n`);
      io.stdout(`${rootHelp(groups)}\n`);
      return help ? 0 : 1;
    }
    if (groupName === "version") return print0(io, `${VERSION}\n`);
    const group = groups.find(
      (x) => x.cli === groupName || x.cliAlias === groupName || x.group === groupName,
    );
    if (!group) throw new Error(`Unknown group '${groupName}'. Run 'compass --help' for the list.`);
    const ops = manifest.filter((op) => op.group === group.group);
    const extras = EXTRA_COMMANDS[group.group] ?? [];
    if (!commandName) {
      io.stdout(`${groupHelp(group, ops, extras)}\n`);
      return help ? 0 : 1;
    }
    const extra = extras.find((c) => c.name === commandName || c.aliases?.includes(commandName));
    if (extra) {
      if (help) return print0(io, `${extra.help}\n\n${GLOBAL_FLAGS}\n`);
      return await extra.run(args, g, io);
    }
    const op = ops.find(
      (o) => o.cli.command === commandName || o.cli.aliases.includes(commandName) || o.name === commandName,
    );
    if (!op)
      throw new Error(
        `Unknown command '${commandName}' in '${group.cli}'. Run 'compass ${group.cli} --help'.`,
      );
    if (help) return print0(io, `${commandHelp(group, op)}\n\n${GLOBAL_FLAGS}\n`);
    args = parseArgv(argv, switchesOf([op]));
    const input = await buildInput(op, args.flags, io);
    if (g.dryRun) {
      io.stderr(
        `${JSON.stringify({ method: op.method, url: g.serverURL + op.path, ...input }, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2)}\n`,
      );
      return 0;
    }
    if (g.debug)
      io.stderr(
        `> ${op.method} ${op.path} ${JSON.stringify(input, (_k, v) => (typeof v === "bigint" ? v.toString() : v))}\n`,
      );
    const result = await transportFor(g, io).request(
      { id: op.operationId, method: op.method, path: op.path, idempotent: op.idempotent },
      input,
    );
    print(result, g, io);
    return 0;
  } catch (error) {
    return printError(error, g, io);
  }
}

function print0(io: Io, text: string): number {
  io.stdout(text);
  return 0;
}

/** Flags > --body > stdin JSON. Required fields are checked before any request. */
export async function buildInput(op: OperationManifest, flags: Map<string, string[]>, io: Io) {
  const fields = commandFields(op);
  const params: Record<string, string> = {};
  const query: Record<string, unknown> = {};
  let body: Record<string, unknown> | undefined;
  if (op.body) {
    const bodyFlag = flags.get("body")?.at(-1);
    const text = bodyFlag === "-" ? await io.readStdin?.() : (bodyFlag ?? (await io.readStdin?.()));
    if (text?.trim()) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error("--body / stdin must be a JSON object");
      }
      if (!body || typeof body !== "object" || Array.isArray(body))
        throw new Error("--body / stdin must be a JSON object");
    }
    body ??= {};
  }
  const missing: string[] = [];
  for (const f of fields) {
    const short = op.cli.short[f.name];
    const raw =
      flags.get(kebab(f.name))?.at(-1) ??
      flags.get(f.name)?.at(-1) ??
      (short ? flags.get(short)?.at(-1) : undefined);
    if (raw === undefined) {
      if (f.required && !(f.where === "body" && body && f.name in body)) missing.push(`--${kebab(f.name)}`);
      continue;
    }
    const value = convert(f.schema, raw, kebab(f.name));
    if (f.where === "path") params[f.name] = String(value);
    else if (f.where === "query") query[f.name] = value;
    else body![f.name] = value;
  }
  if (missing.length)
    throw new Error(`Missing required flag${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`);
  return { params, query, ...(op.body && { body }) };
}
