import {
  closest,
  type GroupManifest,
  type OperationManifest,
  groups as registryGroups,
  manifest as registryManifest,
} from "@compass/sdk/manifest";
import { type ParsedArgs, parseArgv } from "./argv.ts";
import { COMPLETION_HELP, complete, completionScript } from "./completion.ts";
import { CONFIG_HELP, configCommand } from "./config.ts";
import { type Globals, globalsFrom, type Io, print, printError, transportFor } from "./context.ts";
import type { ExtraCommand } from "./extra-command.ts";
import { EXTRA_COMMANDS } from "./extras.ts";
import { convert, isSwitch, kebab } from "./flags.ts";
import {
  commandFields,
  commandHelp,
  GLOBAL_FLAG_NAMES,
  GLOBAL_FLAGS,
  GLOBAL_SHORT,
  groupHelp,
  rootHelp,
} from "./help.ts";
import { type SimulationView, simulationText } from "./simulation.ts";
import { VERSION } from "./version.ts";

export { VERSION };

/** What the CLI serves: the SDK's manifest by default; a test passes its own (with an operation only it registers). */
export interface Surface {
  manifest: OperationManifest[];
  groups: GroupManifest[];
  extras?: Record<string, ExtraCommand[]>;
}

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

/** Every flag an operation's command accepts (long, raw wire name, short), besides the global ones. */
function opFlags(op: OperationManifest): string[] {
  return [
    ...commandFields(op).flatMap((f) => [kebab(f.name), f.name]),
    ...Object.values(op.cli.short),
    ...(op.body ? ["body"] : []),
  ];
}

/** Refuses a flag no one declared, suggesting the closest one (`--amout` → `--amount`). */
function rejectUnknown(args: ParsedArgs, own: string[]): void {
  const known = new Set([...GLOBAL_FLAG_NAMES, ...GLOBAL_SHORT, ...own]);
  for (const name of args.flags.keys()) {
    if (known.has(name)) continue;
    const dash = name.length === 1 ? "-" : "--";
    const longs = [...known].filter((k) => k.length > 1);
    const guess = closest(name, longs);
    throw new Error(
      `Unknown flag '${dash}${name}'.${guess ? ` Did you mean '--${guess}'?` : ""} Run with --help for the flags.`,
    );
  }
}

/** Entry point: parse, call the API through the SDK, print. Returns the exit code. */
export async function run(argv: string[], io: Io, surface?: Surface): Promise<number> {
  const manifest = surface?.manifest ?? registryManifest;
  const groups = surface?.groups ?? registryGroups;
  const extrasByGroup = surface?.extras ?? EXTRA_COMMANDS;
  if (argv[0] === "__complete") {
    const words = argv.slice(1);
    io.stdout(complete(words.length ? words : [""], groups, manifest, extrasByGroup).join("\n"));
    return 0;
  }
  const switches = switchesOf(manifest);
  for (const list of Object.values(extrasByGroup))
    for (const c of list) for (const s of c.switches ?? []) switches.add(s);
  // First pass only finds the group and command; a short flag is a switch in one command and takes a
  // value in another (`-r` is reduce-only in `pt`, range in `ta market`), so flags are parsed again below.
  let args = parseArgv(argv, switches);
  let g: Globals | undefined;
  try {
    const [groupName, commandName] = args.positionals;
    const help = args.flags.has("help") || args.flags.has("h");
    if (groupName === "config") {
      rejectUnknown(args, []);
      if (help) return print0(io, `${CONFIG_HELP}\n`);
      return configCommand(args.positionals.slice(1), args.flags.get("profile")?.at(-1), io.env, io.stdout);
    }
    if (groupName === "completion") {
      rejectUnknown(args, []);
      if (help || !commandName) return print0(io, `${COMPLETION_HELP}\n`);
      return print0(io, completionScript(commandName));
    }
    g = globalsFrom(args.flags, io);
    if (!groupName) {
      rejectUnknown(args, []);
      if (args.flags.has("version")) return print0(io, `${VERSION}\n`);
      io.stdout(`${rootHelp(groups)}\n`);
      return help ? 0 : 1;
    }
    if (groupName === "version") return print0(io, `${VERSION}\n`);
    const group = groups.find(
      (x) => x.cli === groupName || x.cliAlias === groupName || x.group === groupName,
    );
    if (!group) {
      const guess = closest(groupName, [...groups.map((x) => x.cli), "config", "completion", "version"]);
      throw new Error(
        `Unknown group '${groupName}'.${guess ? ` Did you mean '${guess}'?` : ""} Run 'compass --help' for the list.`,
      );
    }
    const ops = manifest.filter((op) => op.group === group.group);
    const extras = extrasByGroup[group.group] ?? [];
    if (!commandName) {
      rejectUnknown(args, []);
      io.stdout(`${groupHelp(group, ops, extras)}\n`);
      return help ? 0 : 1;
    }
    const extra = extras.find((c) => c.name === commandName || c.aliases?.includes(commandName));
    if (extra) {
      rejectUnknown(args, extra.flags);
      if (help) return print0(io, `${extra.help}\n\n${GLOBAL_FLAGS}\n`);
      return await extra.run(args, g, io);
    }
    const op = ops.find(
      (o) => o.cli.command === commandName || o.cli.aliases.includes(commandName) || o.name === commandName,
    );
    if (!op) {
      const guess = closest(commandName, [...ops.map((o) => o.cli.command), ...extras.map((c) => c.name)]);
      throw new Error(
        `Unknown command '${commandName}' in '${group.cli}'.${guess ? ` Did you mean '${guess}'?` : ""} Run 'compass ${group.cli} --help'.`,
      );
    }
    args = parseArgv(argv, switchesOf([op]));
    rejectUnknown(args, opFlags(op));
    if (help) return print0(io, `${commandHelp(group, op)}\n\n${GLOBAL_FLAGS}\n`);
    const input = await buildInput(op, args.flags, io);
    if (g.dryRun) {
      io.stderr(
        `${JSON.stringify({ method: op.method, url: g.serverURL + op.path, ...input }, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2)}\n`,
      );
      return 0;
    }
    let head: { status: number; headers: Headers } | undefined;
    const transport = transportFor(g, io, {
      afterResponse: (r) => {
        head = { status: r.status, headers: r.headers };
      },
    });
    const result = await transport
      .request({ id: op.operationId, method: op.method, path: op.path, idempotent: op.idempotent }, input)
      .catch((error) => {
        if (g?.includeHeaders && head) io.stderr(formatHead(head));
        throw error;
      });
    if (g.includeHeaders && head) io.stdout(formatHead(head));
    const simulation = op.simulated ? (result as { simulation?: SimulationView | null })?.simulation : null;
    if (simulation) {
      // a person reads what signing does before the payload; a script (json, yaml, agent) finds it in the answer
      const human = g.format === "pretty" || g.format === "table";
      if (human) io.stderr(simulationText(simulation, g.color));
      if (human && g.interactive && !g.yes && io.confirm) {
        const n = simulation.warnings.length;
        const go = await io.confirm(
          `${n ? `${n} warning${n === 1 ? "" : "s"} above. ` : ""}Print the transaction to sign?`,
        );
        if (!go) {
          io.stderr("Nothing printed: nothing was signed or sent.\n");
          return 1;
        }
      }
    }
    print(result, g, io, op.cli.table);
    return 0;
  } catch (error) {
    return printError(error, g, io);
  }
}

/** `HTTP 200` and the response headers, then a blank line (as `curl -i` / `gh api --include`). */
function formatHead(head: { status: number; headers: Headers }): string {
  const lines = [...head.headers].map(([k, v]) => `${k}: ${v}`);
  return `HTTP ${head.status}\n${lines.join("\n")}\n\n`;
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
