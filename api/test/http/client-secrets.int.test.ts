import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { addressBook, testEnv } from "@compass/testkit/live";
import { describe, expect, test } from "vitest";

/**
 * What ships to browsers must hold no secret: no private key (the devnet's are public, but a build that
 * inlines them would inline a production one too), no API or provider key, no mnemonic, no PEM block.
 */
const root = join(import.meta.dirname, "../../..");
const CLIENT_DIRS = ["app/.next/static", "widgets/dist", "sdk/dist", "app/public"];

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(js|mjs|css|html|json|map|txt)$/.test(p) ? [p] : [];
  });
}

describe("built client assets", () => {
  test("behavior: contain no private key, API key, provider key or mnemonic", () => {
    const book = addressBook();
    const secrets = new Map<string, string>();
    for (const a of book.accounts.dev) secrets.set(a.privateKey.slice(2).toLowerCase(), "dev private key");
    for (const [name, r] of Object.entries(book.roles ?? {}))
      secrets.set(r.privateKey.slice(2).toLowerCase(), `${name} private key`);
    for (const [name, t] of Object.entries(book.twins))
      if (t.apiKey) secrets.set(t.apiKey, `${name} twin API key`);
    secrets.set(testEnv().apiKey, "server API key");
    const patterns: [RegExp, string][] = [
      [/-----BEGIN [A-Z ]*PRIVATE KEY-----/, "PEM private key"],
      [/\btest test test test test test test test test test test junk\b/, "devnet mnemonic"],
      [/\bsk_(live|test)_[A-Za-z0-9]{8,}/, "secret key"],
    ];
    const scanned = CLIENT_DIRS.flatMap((d) => files(join(root, d)));
    expect(scanned.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const file of scanned) {
      const text = readFileSync(file, "utf8");
      const lower = text.toLowerCase();
      for (const [secret, what] of secrets)
        if (lower.includes(secret.toLowerCase())) found.push(`${what} in ${file}`);
      for (const [re, what] of patterns) if (re.test(text)) found.push(`${what} in ${file}`);
    }
    expect(found).toEqual([]);
  });
});
