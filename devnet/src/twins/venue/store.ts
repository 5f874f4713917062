import { mkdirSync, readFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

/**
 * Persists the venue state to one JSON file. Writes are atomic (temporary sibling, then rename)
 * and debounced: changes mark the store dirty and a save follows within `debounceMs`, so matching
 * throughput never waits on the disk. Anything acknowledged as money movement (a credited deposit,
 * a queued withdrawal) is flushed before it is acknowledged; so is everything on shutdown.
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

  /** The saved state, or undefined on a first start (no file yet). */
  static load<T>(path: string | undefined): T | undefined {
    if (!path) return undefined;
    try {
      return JSON.parse(readFileSync(path, "utf8")) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  markDirty(): void {
    if (!this.path) return;
    this.dirty = true;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch((error) => console.error("venue: saving state failed", error));
    }, this.debounceMs);
  }

  /** Writes now if anything changed; resolves once the file on disk holds the current state. */
  async flush(): Promise<void> {
    if (!this.path) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const previous = this.writing;
    const next = previous.then(async () => {
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
