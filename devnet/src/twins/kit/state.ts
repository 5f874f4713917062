import { mkdirSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { readJsonIfExists, writeJsonAtomic } from "../../fsutil.ts";
import type { TwinConfig } from "../types.ts";

/**
 * A twin's persisted state: one JSON file (<dir>/twins/<name>/state.json), written atomically — a temporary
 * sibling renamed over it — so a twin killed mid-save restarts from its previous state, never a torn file.
 */

/** The saved state, or `initial` on a first run (or after a devnet reset). */
export function loadState<T>(config: Pick<TwinConfig, "stateFile">, initial: T): T {
  return readJsonIfExists<T>(config.stateFile) ?? initial;
}

/** Saves now, synchronously: for twins whose every change must be on disk before they go on. */
export function saveState(config: Pick<TwinConfig, "stateFile">, state: unknown): void {
  writeJsonAtomic(config.stateFile, state);
}

/**
 * Debounced saving for twins that change state often: `markDirty` schedules a save within `debounceMs`, so
 * request throughput never waits on the disk; `flush` writes now and resolves once the file holds the current
 * state — use it before acknowledging anything that moves money, and on shutdown (`close`). Without a path the
 * state lives in memory only (in-process tests).
 */
export class StateStore<T> {
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private sequence = 0;

  constructor(
    readonly path: string | undefined,
    private readonly snapshot: () => T,
    private readonly debounceMs = 250,
  ) {}

  /** The saved state, or undefined on a first start (no file yet) or without a path. */
  static load<T>(path: string | undefined): T | undefined {
    return path ? readJsonIfExists<T>(path) : undefined;
  }

  markDirty(): void {
    if (!this.path) return;
    this.dirty = true;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch((error) => console.error(`saving ${this.path} failed`, error));
    }, this.debounceMs);
  }

  /** Writes now if anything changed; resolves once the file on disk holds the current state. */
  async flush(): Promise<void> {
    if (!this.path) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const next = this.writing.then(async () => {
      if (!this.dirty || !this.path) return;
      this.dirty = false;
      const text = JSON.stringify(this.snapshot());
      mkdirSync(dirname(this.path), { recursive: true });
      const tmp = `${this.path}.${process.pid}.${++this.sequence}.tmp`;
      try {
        await writeFile(tmp, text);
        await rename(tmp, this.path);
      } catch (error) {
        this.dirty = true;
        throw error;
      }
    });
    this.writing = next.catch(() => undefined);
    return next;
  }

  close(): Promise<void> {
    return this.flush();
  }
}
