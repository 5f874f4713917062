#!/usr/bin/env node
import { main } from "../dist/stdio.js";

await main();
