/**
 * The route table: static paths in one map lookup, `{name}` paths (a few) matched segment by segment. Paths are
 * strict: no trailing-slash or case folding, as the reference answers.
 */
export interface Match<H> {
  handler: H;
  params: Record<string, string>;
}

interface Pattern<H> {
  segments: string[];
  byMethod: Map<string, H>;
}

export class Router<H> {
  private readonly exact = new Map<string, Map<string, H>>();
  private readonly patterns: Pattern<H>[] = [];

  add(method: string, template: string, handler: H): void {
    if (!template.includes("{")) {
      const methods = this.exact.get(template) ?? new Map<string, H>();
      this.exact.set(template, methods);
      methods.set(method, handler);
      return;
    }
    const segments = template.split("/");
    let pattern = this.patterns.find((p) => p.segments.join("/") === template);
    if (!pattern) {
      pattern = { segments, byMethod: new Map() };
      this.patterns.push(pattern);
    }
    pattern.byMethod.set(method, handler);
  }

  /** The handler for `method` at `path`; `methods` lists what the path allows when the method does not match. */
  match(method: string, path: string): Match<H> | { methods: string[] } | null {
    const exact = this.exact.get(path);
    if (exact) {
      const handler = exact.get(method);
      return handler ? { handler, params: {} } : { methods: [...exact.keys()] };
    }
    const parts = path.split("/");
    for (const p of this.patterns) {
      if (p.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < parts.length && ok; i++) {
        const seg = p.segments[i]!;
        if (seg.startsWith("{")) {
          const value = decode(parts[i]!);
          if (value === "" || value === null) ok = false;
          else params[seg.slice(1, -1)] = value;
        } else ok = seg === parts[i];
      }
      if (!ok) continue;
      const handler = p.byMethod.get(method);
      return handler ? { handler, params } : { methods: [...p.byMethod.keys()] };
    }
    return null;
  }
}

function decode(segment: string): string | null {
  if (!segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
