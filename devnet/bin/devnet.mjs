#!/usr/bin/env node
// Runs the TypeScript CLI in this process through tsx's loader (no build step, no extra process
// between the shell and the launcher, so Ctrl-C and SIGTERM reach it directly).
import { register } from "tsx/esm/api";

register();
await import("../src/cli.ts");
