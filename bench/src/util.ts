import { readFileSync } from "node:fs";
import type { Stack } from "../../scripts/lib/stack.ts";

export function addressBookFor(stack: Stack): any {
  return JSON.parse(readFileSync(stack.devnet.addressBookPath, "utf8"));
}
