// Copies browser assets that come from packages into public/, so the app serves them offline.
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const target = join(here, "../public/docs/scalar.js");
mkdirSync(dirname(target), { recursive: true });
copyFileSync(require.resolve("@scalar/api-reference/browser/standalone.js"), target);
