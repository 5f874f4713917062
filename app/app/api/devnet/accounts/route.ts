import { addressBook } from "@compass/api";
import { appConfig } from "../../../../lib/config.ts";

export const dynamic = "force-dynamic";

/**
 * The devnet's funded test keys, for the staging dev wallet. They exist only on the local devnet and are
 * public knowledge (anvil's default mnemonic); production answers 404 and never ships them.
 */
export function GET(): Response {
  const config = appConfig();
  const accounts = config.env === "staging" ? addressBook(config)?.accounts?.dev : undefined;
  if (!accounts?.length) return Response.json({ detail: "Not Found" }, { status: 404 });
  return Response.json({ accounts }, { headers: { "cache-control": "no-store" } });
}
