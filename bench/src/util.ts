import { readFileSync } from "node:fs";
import type { Stack } from "@compass/testkit/stack";

export function addressBookFor(stack: Stack): any {
  return JSON.parse(readFileSync(stack.devnet.addressBookPath, "utf8"));
}
