import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { AddressBook } from "@compass/constants";

export type { AddressBook } from "@compass/constants";

export function findDevnetDir(start = process.cwd()): string {
  let dir = resolve(/*turbopackIgnore: true*/ start);
  for (;;) {
    const candidate = join(/*turbopackIgnore: true*/ dir, ".devnet");
    if (
      existsSync(join(dir, "package.json")) &&
      existsSync(join(dir, "api")) &&
      existsSync(join(dir, "devnet"))
    )
      return candidate;
    if (existsSync(join(candidate, "addressbook.json"))) return candidate;
    const parent = dirname(dir);
    if (parent === dir)
      return join(/*turbopackIgnore: true*/ resolve(/*turbopackIgnore: true*/ start), ".devnet");
    dir = parent;
  }
}

let cache: { path: string; mtimeMs: number; book: AddressBook } | undefined;

/** Read (and cache until the file changes) the address book; `undefined` when there is none. */
export function readAddressBook(path: string): AddressBook | undefined {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
  if (cache && cache.path === path && cache.mtimeMs === mtimeMs) return cache.book;
  const book = JSON.parse(readFileSync(path, "utf8")) as AddressBook;
  cache = { path, mtimeMs, book };
  return book;
}
