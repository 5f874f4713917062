import type { GroupManifest, OperationManifest } from "@compass/sdk/manifest";
import type { ExtraCommand } from "./extra-command.ts";
import { enumValues, kebab } from "./flags.ts";
import { commandFields, GLOBAL_FLAG_NAMES } from "./help.ts";

export const SHELLS = ["bash", "zsh", "fish"] as const;
export const BUILTINS = ["completion", "config", "version"];

export const COMPLETION_HELP = `Print a shell completion script

Usage: compass completion bash|zsh|fish

  bash   compass completion bash > ~/.local/share/bash-completion/completions/compass
  zsh    compass completion zsh > "\${fpath[1]}/_compass"   (then: autoload -U compinit && compinit)
  fish   compass completion fish > ~/.config/fish/completions/compass.fish

The script asks the installed compass for candidates (compass __complete …): groups, commands, flags
and enum values always match its version.`;
const CONFIG_ACTIONS = ["set", "get", "unset", "list", "use", "path"];

/**
 * Shell scripts that ask `compass __complete <words…>` for candidates, so completion always matches the
 * installed version's groups, commands and flags (read from the registry's manifest).
 */
export function completionScript(shell: string): string {
  switch (shell) {
    case "bash":
      return `# compass completion for bash. Install: compass completion bash > ~/.local/share/bash-completion/completions/compass
_compass() {
  local IFS=$'\\n'
  COMPREPLY=( $(compass __complete "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null) )
}
complete -o default -F _compass compass
`;
    case "zsh":
      return `#compdef compass
# compass completion for zsh. Install: compass completion zsh > "\${fpath[1]}/_compass" (then compinit)
_compass() {
  local -a candidates
  candidates=("\${(@f)$(compass __complete "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  compadd -a candidates
}
if [ "$funcstack[1]" = "_compass" ]; then _compass "$@"; else compdef _compass compass; fi
`;
    case "fish":
      return `# compass completion for fish. Install: compass completion fish > ~/.config/fish/completions/compass.fish
function __compass_complete
    set -l tokens (commandline -opc) (commandline -ct)
    compass __complete $tokens[2..-1] 2>/dev/null
end
complete -c compass -f -a '(__compass_complete)'
`;
    default:
      throw new Error(`Unknown shell '${shell}'. Supported: ${SHELLS.join(", ")}`);
  }
}

/** Candidates for the last word of `words` (the words after `compass`, the last one being completed). */
export function complete(
  words: string[],
  groups: GroupManifest[],
  manifest: OperationManifest[],
  extras: Record<string, ExtraCommand[]>,
): string[] {
  const current = words.at(-1) ?? "";
  const before = words.slice(0, -1);
  const positional = before.filter(
    (w, i) => !w.startsWith("-") && !(before[i - 1]?.startsWith("-") && !before[i - 1]?.includes("=")),
  );
  const match = (list: string[]) => [...new Set(list)].filter((c) => c.startsWith(current));
  if (positional.length === 0 && !current.startsWith("-"))
    return match([...groups.map((g) => g.cli), ...BUILTINS]);
  const [first, second] = positional;
  if (first === "completion") return positional.length === 1 ? match([...SHELLS]) : [];
  if (first === "config") return positional.length === 1 ? match(CONFIG_ACTIONS) : [];
  const group = groups.find((g) => g.cli === first || g.cliAlias === first);
  if (!group) return current.startsWith("-") ? match(GLOBAL_FLAG_NAMES.map((f) => `--${f}`)) : [];
  const ops = manifest.filter((op) => op.group === group.group);
  const extra = extras[group.group] ?? [];
  if (positional.length === 1 && !current.startsWith("-"))
    return match([...ops.map((op) => op.cli.command), ...extra.map((c) => c.name)]);
  const op = ops.find((o) => o.cli.command === second || o.cli.aliases.includes(second ?? ""));
  const fields = op ? commandFields(op) : [];
  const prev = before.at(-1);
  if (prev?.startsWith("--") && !current.startsWith("-")) {
    const field = fields.find((f) => `--${kebab(f.name)}` === prev);
    const values = field && enumValues(field.schema);
    if (values) return match(values.map(String));
    if (prev === "--output-format") return match(["pretty", "json", "yaml", "table"]);
    if (prev === "--color") return match(["auto", "always", "never"]);
  }
  if (!current.startsWith("-")) return [];
  const own = op
    ? [...fields.map((f) => `--${kebab(f.name)}`), ...(op.body ? ["--body"] : [])]
    : (extra.find((c) => c.name === second)?.flags ?? []).map((f) => `--${f}`);
  return match([...own, ...GLOBAL_FLAG_NAMES.map((f) => `--${f}`)]);
}
