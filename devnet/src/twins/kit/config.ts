import type { DevnetAddressBook } from "../../addressbook.ts";
import { readJsonIfExists } from "../../fsutil.ts";
import { TWIN_ENV, type TwinConfig } from "../types.ts";

export type { TwinConfig };

/** The twin's configuration, from the COMPASS_TWIN_* variables the launcher (supervisor.ts) sets. */
export function readTwinConfig(env: NodeJS.ProcessEnv = process.env): TwinConfig {
  const need = (variable: string) => {
    const value = env[variable];
    if (!value) throw new Error(`${variable} is not set — twins are started by the devnet launcher`);
    return value;
  };
  return {
    name: need(TWIN_ENV.name),
    host: "127.0.0.1",
    port: Number(need(TWIN_ENV.port)),
    devnetDir: need(TWIN_ENV.devnetDir),
    addressBookPath: need(TWIN_ENV.addressBookPath),
    twinDir: need(TWIN_ENV.twinDir),
    stateFile: need(TWIN_ENV.stateFile),
    apiKey: env[TWIN_ENV.apiKey] || undefined,
  };
}

/** The devnet's address book (chains, contracts, role keys), written before any twin starts. */
export function readAddressBook(config: Pick<TwinConfig, "addressBookPath">): DevnetAddressBook {
  const book = readJsonIfExists<DevnetAddressBook>(config.addressBookPath);
  if (!book) throw new Error(`no address book at ${config.addressBookPath}`);
  return book;
}
