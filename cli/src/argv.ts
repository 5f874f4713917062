/** Split argv into positionals and `--flag value` / `--flag=value` / `-f value` / switches. */
export interface ParsedArgs {
  positionals: string[];
  /** repeated flags keep every value */
  flags: Map<string, string[]>;
}

const SWITCHES = new Set([
  "help",
  "h",
  "dry-run",
  "debug",
  "d",
  "no-interactive",
  "include-headers",
  "version",
  "agent-mode",
  "yes",
]);

export function parseArgv(argv: string[], switches: Set<string> = new Set()): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string[]>();
  const add = (k: string, v: string) => flags.set(k, [...(flags.get(k) ?? []), v]);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    const long = /^--([^=]+)(?:=(.*))?$/s.exec(arg);
    const short = /^-([A-Za-z])$/.exec(arg);
    if (!long && !short) {
      positionals.push(arg);
      continue;
    }
    const name = long ? long[1]! : short![1]!;
    const inline = long?.[2];
    if (inline !== undefined) add(name, inline);
    else if (SWITCHES.has(name) || switches.has(name)) {
      const next = argv[i + 1];
      if (next === "true" || next === "false") add(name, argv[++i]!);
      else add(name, "true");
    } else if (i + 1 < argv.length) add(name, argv[++i]!);
    else add(name, "");
  }
  return { positionals, flags };
}
