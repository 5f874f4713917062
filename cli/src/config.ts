import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parse, stringify } from "yaml";

/**
 * Saved settings: `$XDG_CONFIG_HOME/compass/config.yaml` (default `~/.config/compass/config.yaml`), one
 * block per profile. Precedence: flag > env (COMPASS_*) > the profile > built-in default. The profile is
 * `--profile`, else $COMPASS_PROFILE, else the file's `current_profile`, else `default`.
 */
export interface Profile {
  server_url?: string;
  api_key_auth?: string;
}

export interface ConfigFile {
  current_profile?: string;
  profiles?: Record<string, Profile>;
}

export const KEYS = ["server_url", "api_key_auth"] as const;
export type Key = (typeof KEYS)[number];

export function configPath(env: Record<string, string | undefined>): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || env.USERPROFILE || ".", ".config");
  return join(base, "compass", "config.yaml");
}

export function readConfig(env: Record<string, string | undefined>): ConfigFile {
  const path = configPath(env);
  if (!existsSync(path)) return {};
  const parsed = parse(readFileSync(path, "utf8")) ?? {};
  if (typeof parsed !== "object" || Array.isArray(parsed)) throw new Error(`${path} is not a mapping`);
  return parsed as ConfigFile;
}

export function writeConfig(env: Record<string, string | undefined>, config: ConfigFile): string {
  const path = configPath(env);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, stringify(config), { mode: 0o600 });
  chmodSync(path, 0o600); // it may hold an API key
  return path;
}

export function profileName(
  flag: string | undefined,
  env: Record<string, string | undefined>,
  file: ConfigFile,
) {
  return flag ?? env.COMPASS_PROFILE ?? file.current_profile ?? "default";
}

/** `server-url` / `server_url` → `server_url`; anything else is refused with the list. */
export function keyOf(name: string): Key {
  const k = name.replace(/-/g, "_") as Key;
  if (!KEYS.includes(k))
    throw new Error(
      `Unknown setting '${name}'. Settings: ${KEYS.map((x) => x.replace(/_/g, "-")).join(", ")}`,
    );
  return k;
}

export const CONFIG_HELP = `Saved settings, per profile, in $XDG_CONFIG_HOME/compass/config.yaml (~/.config/compass/config.yaml)

Usage:
  compass config set <setting> <value> [--profile <name>]   save a setting
  compass config get <setting> [--profile <name>]           print a saved setting
  compass config unset <setting> [--profile <name>]         remove a setting
  compass config list                                       every profile (keys masked)
  compass config use <profile>                              make a profile the default
  compass config path                                       print the file's path

Settings: server-url, api-key-auth. Precedence: flag > environment (COMPASS_SERVER_URL,
COMPASS_API_KEY_AUTH) > profile > default. The profile is --profile, else $COMPASS_PROFILE, else the one
\`config use\` chose, else "default". The file is written with mode 0600 since it may hold a key.`;

/** `compass config …` */
export function configCommand(
  args: string[],
  profileFlag: string | undefined,
  env: Record<string, string | undefined>,
  out: (text: string) => void,
): number {
  const [action, name, value] = args;
  const file = readConfig(env);
  const profile = profileName(profileFlag, env, file);
  const profiles = { ...file.profiles };
  switch (action) {
    case "set": {
      if (!name || value === undefined) throw new Error("Usage: compass config set <setting> <value>");
      profiles[profile] = { ...profiles[profile], [keyOf(name)]: value };
      const path = writeConfig(env, { ...file, profiles });
      out(`Saved ${name} for profile '${profile}' in ${path}\n`);
      return 0;
    }
    case "get": {
      if (!name) throw new Error("Usage: compass config get <setting>");
      const v = profiles[profile]?.[keyOf(name)];
      if (v === undefined) return 1;
      out(`${v}\n`);
      return 0;
    }
    case "unset": {
      if (!name) throw new Error("Usage: compass config unset <setting>");
      const { [keyOf(name)]: _, ...rest } = profiles[profile] ?? {};
      profiles[profile] = rest;
      writeConfig(env, { ...file, profiles });
      return 0;
    }
    case "list": {
      const masked = Object.fromEntries(
        Object.entries(profiles).map(([p, s]) => [
          p,
          { ...s, ...(s.api_key_auth && { api_key_auth: `${s.api_key_auth.slice(0, 4)}…` }) },
        ]),
      );
      out(stringify({ current_profile: profileName(undefined, env, file), profiles: masked }));
      return 0;
    }
    case "use": {
      if (!name) throw new Error("Usage: compass config use <profile>");
      writeConfig(env, { ...file, current_profile: name, profiles });
      out(`Profile '${name}' is now the default\n`);
      return 0;
    }
    case "path":
      out(`${configPath(env)}\n`);
      return 0;
    default:
      out(`${CONFIG_HELP}\n`);
      return action ? 1 : 0;
  }
}
