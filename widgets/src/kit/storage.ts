/** The slice of the Web Storage API widgets use; hosts and tests may pass their own. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * The page's localStorage, or undefined where there is none: during server rendering, and where the
 * browser forbids it (private modes, sandboxed frames throw on access).
 */
export function browserStorage(): KeyValueStorage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** The page's origin ("" during server rendering). */
export const pageOrigin = (): string => globalThis.location?.origin ?? "";
