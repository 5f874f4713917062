#!/usr/bin/env node
// `npm run changeset -- <command>`: the Changesets CLI. Its bin (node_modules/.bin/changeset) calls
// `module.enableCompileCache()` whenever `process.getBuiltinModule` exists, which Node 20.16+ has but the compile
// cache is Node 22's, so the bin throws on Node 20 before the CLI starts; the CLI itself reads its arguments from
// process.argv and runs here.
await import("@changesets/cli");
