import type { ExtraCommand } from "./extra-command.ts";
import { onrampBuy } from "./onramp/buy.ts";

/** The hand-written commands, by the generated group they attach under. */
export const EXTRA_COMMANDS: Record<string, ExtraCommand[]> = { onramp: [onrampBuy] };
