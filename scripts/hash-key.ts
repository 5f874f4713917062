/**
 * `npm run hash-key -- <key>` prints the digest to put in COMPASS_API_KEYS / COMPASS_PUBLISHABLE_KEYS, so
 * configuration never holds keys in plain text. With no argument, generates a new secret key first.
 */
import { createHash, randomBytes } from "node:crypto";

const given = process.argv[2];
const key = given ?? `sk_${randomBytes(24).toString("base64url")}`;
if (!given) console.log(`new key (give it to the client, store only the digest): ${key}`);
console.log(`sha256:${createHash("sha256").update(key, "utf8").digest("hex")}`);
