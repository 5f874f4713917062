#!/usr/bin/env node
// Runs the devnet's command line in this process (no extra process between the shell and the launcher, so Ctrl-C
// and SIGTERM reach it directly): from the bundle `npm run build` leaves in dist/ while it is fresh — through tsx's
// loader hooks every import resolved slowly, ~2 s a call before any work — else the TypeScript through tsx, so an
// edit never runs old code.
import { fileURLToPath, pathToFileURL } from "node:url";
import { freshBundle } from "./fresh-bundle.mjs";

const entry = fileURLToPath(new URL("../src/cli.ts", import.meta.url));
const bundle = freshBundle(fileURLToPath(new URL("../dist/cli.mjs", import.meta.url)), entry);
if (bundle) {
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(entry).href);
}
