#!/usr/bin/env node
import { nodeIo, run } from "../dist/index.js";

process.exitCode = await run(process.argv.slice(2), nodeIo());
