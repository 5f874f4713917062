import type { GroupManifest, OperationManifest } from "@compass/sdk/manifest";
import { enumValues, kebab, typeLabel } from "./flags.ts";

/** Exit status when a command stopped waiting for something that may still complete (e.g. a payment). */
export const EXIT_PENDING = 8;

export const GLOBAL_FLAGS = `Global flags:
  --server-url <url>        API base URL (env COMPASS_SERVER_URL; saved: compass config; default http://127.0.0.1:3000)
  --api-key-auth <key>      API key (env COMPASS_API_KEY_AUTH; saved: compass config)
  --profile <name>          saved profile to use (env COMPASS_PROFILE; default: compass config use)
  -o, --output-format <f>   pretty | json | yaml | table (default pretty; json in agent mode)
  -q, --jq <expr>           filter output (subset: .a.b, .a[0], .a[])
  -H, --header "K: V"       extra request header (repeatable)
  --include-headers         print the response status and headers before the body (stdout)
  --timeout <dur>           e.g. 30s, 5m, 100ms (default 30s)
  --dry-run                 print the request to stderr; send nothing
  -d, --debug               print each request and response (headers, bodies; key redacted) to stderr
  --color <when>            auto | always | never (default auto; honours NO_COLOR and FORCE_COLOR)
  --no-interactive          never prompt or open a browser
  --yes                     do not ask before printing a write's transaction to sign (scripts)
  --agent-mode[=false]      structured errors and JSON output (auto-on under AI-agent env vars)
  -h, --help                help for any group or command
  --version                 print the version

Exit status: 0 success; 1 any failure (HTTP error, validation, network, timeout, usage);
${EXIT_PENDING} stopped waiting while the operation may still complete (e.g. onramp buy after --max-wait).`;

/** Every global flag's long name (and short letters), as the parser accepts them. */
export const GLOBAL_FLAG_NAMES = [
  "server-url",
  "api-key-auth",
  "profile",
  "output-format",
  "jq",
  "header",
  "include-headers",
  "timeout",
  "dry-run",
  "debug",
  "color",
  "no-interactive",
  "yes",
  "agent-mode",
  "help",
  "version",
];
export const GLOBAL_SHORT = ["o", "q", "H", "d", "h"];

export function rootHelp(groups: GroupManifest[]): string {
  const width = Math.max(...groups.map((g) => g.cli.length + (g.cliAlias ? g.cliAlias.length + 3 : 0)));
  const lines = groups.map(
    (g) => `  ${(g.cli + (g.cliAlias ? ` (${g.cliAlias})` : "")).padEnd(width)}  ${g.description}`,
  );
  return `compass — the Compass API on the command line\n\nUsage: compass <group> <command> [flags]\n\nGroups:\n${lines.join("\n")}\n\nOther commands:\n  config        saved settings per profile (compass config --help)\n  completion    shell completion: compass completion bash|zsh|fish\n  version       print the version\n\n${GLOBAL_FLAGS}`;
}

export function groupHelp(
  group: GroupManifest,
  ops: OperationManifest[],
  extra: { name: string; summary: string }[] = [],
): string {
  const rows = [
    ...ops.map((op) => ({
      name: op.cli.command + (op.cli.aliases.length ? ` (${op.cli.aliases.join(", ")})` : ""),
      summary: op.summary,
    })),
    ...extra,
  ];
  const width = Math.max(...rows.map((r) => r.name.length));
  return `${group.description}\n\nUsage: compass ${group.cli} <command> [flags]\n\nCommands:\n${rows.map((r) => `  ${r.name.padEnd(width)}  ${r.summary}`).join("\n")}`;
}

export function commandHelp(group: GroupManifest, op: OperationManifest): string {
  const fields = commandFields(op);
  const rows = fields.map((f) => {
    const short = op.cli.short[f.name] ? `-${op.cli.short[f.name]}, ` : "    ";
    const values = enumValues(f.schema);
    const desc = [
      f.schema.description ?? f.description,
      values && `one of: ${values.join(", ")}`,
      f.required && "required",
    ]
      .filter(Boolean)
      .join("; ");
    return { left: `${short}--${kebab(f.name)} <${typeLabel(f.schema)}>`, desc };
  });
  const width = Math.max(0, ...rows.map((r) => r.left.length));
  const body = op.body
    ? "\n  --body <json>             whole request body as JSON (flags override its keys; JSON on stdin also works)"
    : "";
  return `${op.summary}\n${op.description ? `\n${op.description}\n` : ""}\nUsage: compass ${group.cli} ${op.cli.command} [flags]\n${op.method} ${op.path}\n\nFlags:\n${rows.map((r) => `  ${r.left.padEnd(width)}  ${r.desc}`).join("\n")}${body}`;
}

export interface Field {
  name: string;
  where: "path" | "query" | "body";
  required: boolean;
  schema: Record<string, any>;
  description?: string;
}

export function commandFields(op: OperationManifest): Field[] {
  const fields: Field[] = op.params.map((p) => ({
    name: p.name,
    where: p.in,
    required: p.required,
    schema: p.schema,
    description: p.description,
  }));
  const required = new Set<string>(op.body?.required ?? []);
  for (const [name, schema] of Object.entries<Record<string, any>>(op.body?.properties ?? {})) {
    fields.push({ name, where: "body", required: required.has(name), schema });
  }
  return fields;
}
