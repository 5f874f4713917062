import { type Config, loadConfig } from "@compass/api";

/**
 * What the app composes once per process (compass.ts builds on it). Next compiles route modules, the
 * proxy and server.ts apart, so the one instance lives on globalThis.
 */
export interface AppRoot {
  config: Config;
  http?: unknown;
}

const ROOT = Symbol.for("compass.app.root");
const holder = globalThis as { [ROOT]?: AppRoot };

export function appRoot(): AppRoot {
  holder[ROOT] ??= { config: loadConfig() };
  return holder[ROOT];
}

/** The deployment's configuration, read once from the environment. */
export function appConfig(): Config {
  return appRoot().config;
}
