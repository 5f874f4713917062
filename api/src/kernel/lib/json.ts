/**
 * JSON parsing that never rounds a number. Request bodies carry token amounts and uint128 ids as JSON
 * numbers; `JSON.parse` would silently round them. Numbers that a double represents exactly stay
 * `number`; any other literal is kept verbatim as a `LosslessNumber`.
 */
export class LosslessNumber {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
  toJSON(): unknown {
    return Number(this.text);
  }
}

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const MAX_DEPTH = 64;
const LITERALS: [string, unknown][] = [
  ["true", true],
  ["false", false],
  ["null", null],
];
// A literal that may not survive a round trip through a double: long digit runs or an exponent.
const RISKY_NUMBER = /[0-9]{16,}|[0-9.][eE][+-]?[0-9]|\.[0-9]{15,}/;

export function parseJson(text: string): unknown {
  if (!RISKY_NUMBER.test(text)) {
    try {
      const value = JSON.parse(text);
      checkDepth(value, 0);
      return value;
    } catch (error) {
      if (error instanceof JsonSyntaxError) throw error;
      // fall through to the exact parser for a precise position
    }
  }
  return new Parser(text).parseDocument();
}

function checkDepth(value: unknown, depth: number): void {
  if (value === null || typeof value !== "object") return;
  if (depth >= MAX_DEPTH) throw new JsonSyntaxError(`JSON nested deeper than ${MAX_DEPTH} levels`, 0);
  for (const child of Array.isArray(value) ? value : Object.values(value)) checkDepth(child, depth + 1);
}

function isLossless(literal: string, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  if (Number.isInteger(value)) return Number.isSafeInteger(value) && !/[eE.]/.test(literal);
  return String(value) === literal;
}

class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  parseDocument(): unknown {
    this.ws();
    const value = this.value(0);
    this.ws();
    if (this.i < this.s.length) this.fail("Unexpected data after JSON value");
    return value;
  }

  private fail(message: string): never {
    throw new JsonSyntaxError(`${message} at position ${this.i}`, this.i);
  }

  private ws(): void {
    while (this.i < this.s.length) {
      const c = this.s.charCodeAt(this.i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.i++;
      else break;
    }
  }

  private value(depth: number): unknown {
    if (depth > MAX_DEPTH) this.fail(`JSON nested deeper than ${MAX_DEPTH} levels`);
    const c = this.s[this.i];
    if (c === "{") return this.object(depth);
    if (c === "[") return this.array(depth);
    if (c === '"') return this.string();
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return this.number();
    for (const [word, value] of LITERALS) {
      if (this.s.startsWith(word, this.i)) {
        this.i += word.length;
        return value;
      }
    }
    return this.fail(c === undefined ? "Unexpected end of JSON" : `Unexpected token ${JSON.stringify(c)}`);
  }

  private object(depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.i++;
    this.ws();
    if (this.s[this.i] === "}") {
      this.i++;
      return out;
    }
    for (;;) {
      this.ws();
      if (this.s[this.i] !== '"') this.fail("Expected a property name");
      const key = this.string();
      this.ws();
      if (this.s[this.i] !== ":") this.fail("Expected ':'");
      this.i++;
      this.ws();
      const value = this.value(depth + 1);
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      this.ws();
      const c = this.s[this.i++];
      if (c === "}") return out;
      if (c !== ",") {
        this.i--;
        this.fail("Expected ',' or '}'");
      }
    }
  }

  private array(depth: number): unknown[] {
    const out: unknown[] = [];
    this.i++;
    this.ws();
    if (this.s[this.i] === "]") {
      this.i++;
      return out;
    }
    for (;;) {
      this.ws();
      out.push(this.value(depth + 1));
      this.ws();
      const c = this.s[this.i++];
      if (c === "]") return out;
      if (c !== ",") {
        this.i--;
        this.fail("Expected ',' or ']'");
      }
    }
  }

  private string(): string {
    const start = this.i;
    this.i++;
    for (;;) {
      const c = this.s.charCodeAt(this.i);
      if (Number.isNaN(c)) this.fail("Unterminated string");
      if (c === 0x22) break;
      if (c < 0x20) this.fail("Control character in string");
      this.i += c === 0x5c ? 2 : 1;
    }
    this.i++;
    try {
      return JSON.parse(this.s.slice(start, this.i));
    } catch {
      this.i = start;
      return this.fail("Invalid string escape");
    }
  }

  private number(): number | LosslessNumber {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(this.s.slice(this.i, this.i + 4096));
    if (!m) return this.fail("Invalid number");
    this.i += m[0].length;
    const value = Number(m[0]);
    return isLossless(m[0], value) ? value : new LosslessNumber(m[0]);
  }
}
