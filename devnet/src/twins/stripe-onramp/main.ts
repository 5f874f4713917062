/**
 * The on-ramp provider twin as a devnet process (`TWINS` entry "onramp"): Stripe's Crypto Onramp API subset
 * on loopback with its own secret key, a hosted payment page on its own origin, persisted payments, and
 * settlement in devnet USDC on Ethereum from the `onramp_treasury` role account.
 * Knobs: see settings.ts (ONRAMP_* variables); ONRAMP_PUBLIC_URL when served behind another origin.
 */
import { readAddressBook, readTwinConfig, serveTwin } from "../kit/index.ts";
import { readSettings } from "./settings.ts";
import { createOnrampTwin } from "./twin.ts";

const config = readTwinConfig();
const twin = createOnrampTwin({
  stateFile: config.stateFile,
  devnetDir: config.devnetDir,
  publicUrl: process.env.ONRAMP_PUBLIC_URL ?? `http://${config.host}:${config.port}`,
  apiKey: config.apiKey,
  settings: readSettings(),
  book: readAddressBook(config),
});
await serveTwin(config, twin.handle, { onShutdown: () => twin.close() });
