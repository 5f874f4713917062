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

let cache: { path: string; mtimeMs: number; checkedAt: number; book: AddressBook } | undefined;

/** How long a read trusts the file unchanged: a request reads the book several times, a stat each was a hot spot. */
const RECHECK_MS = 500;

/** Read (and cache until the file changes) the address book; `undefined` when there is none. */
export function readAddressBook(path: string): AddressBook | undefined {
  const now = Date.now();
  if (cache && cache.path === path && now - cache.checkedAt < RECHECK_MS) return cache.book;
  let mtimeMs: number;
  try {
    mtimeMs = statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
  if (cache && cache.path === path && cache.mtimeMs === mtimeMs) {
    cache.checkedAt = now;
    return cache.book;
  }
  const book = JSON.parse(readFileSync(path, "utf8")) as AddressBook;
  cache = { path, mtimeMs, checkedAt: now, book };
  return book;
}
