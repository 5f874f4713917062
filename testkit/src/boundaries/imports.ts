/**
 * The module specifiers a TS/JS source imports, read without a parser: comments and template literals are
 * blanked, string literals set aside, regular-expression literals skipped, so only real import syntax
 * matches. Type-only imports count (they still tie the files together).
 */

export interface ImportRef {
  specifier: string;
  /** `import type …`, `export type … from`, or a clause whose every name is `type X` */
  typeOnly: boolean;
  /** 1-based line of the specifier */
  line: number;
}

const REGEX_AFTER = new Set([..."(,=:[!&|?{};+-*%<>~^"]);
const REGEX_AFTER_WORDS = new Set([
  "return",
  "typeof",
  "case",
  "do",
  "else",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "yield",
  "await",
]);

interface Masked {
  /** the source with comments and templates blanked and every string literal replaced by "@@<index>@@" */
  text: string;
  strings: { value: string; line: number }[];
}

function mask(src: string): Masked {
  let out = "";
  const strings: Masked["strings"] = [];
  let line = 1;
  let i = 0;
  /** last significant character or word emitted, to tell a regex literal from a division */
  let prev = "";
  const blank = (s: string) => s.replace(/[^\n]/g, " ");
  const countLines = (s: string) => {
    for (const ch of s) if (ch === "\n") line++;
  };
  const skipString = (quote: string): string => {
    let j = i + 1;
    while (j < src.length && src[j] !== quote && src[j] !== "\n") j += src[j] === "\\" ? 2 : 1;
    const raw = src.slice(i, j + 1);
    i = j + 1;
    return raw;
  };
  /** skips a template literal starting at i (a backquote), nested ${…} included; returns its raw text */
  const skipTemplate = (): string => {
    const start = i;
    i++;
    while (i < src.length && src[i] !== "`") {
      if (src[i] === "\\") i += 2;
      else if (src[i] === "$" && src[i + 1] === "{") {
        i += 2;
        let depth = 1;
        while (i < src.length && depth > 0) {
          const ch = src[i]!;
          if (ch === "{") depth++;
          else if (ch === "}") depth--;
          if (ch === "`") skipTemplate();
          else if (ch === '"' || ch === "'") skipString(ch);
          else i++;
        }
      } else i++;
    }
    i++;
    return src.slice(start, i);
  };
  while (i < src.length) {
    const ch = src[i]!;
    const next = src[i + 1];
    if (ch === "/" && next === "/") {
      const end = src.indexOf("\n", i);
      const stop = end === -1 ? src.length : end;
      out += blank(src.slice(i, stop));
      i = stop;
    } else if (ch === "/" && next === "*") {
      const end = src.indexOf("*/", i + 2);
      const stop = end === -1 ? src.length : end + 2;
      const raw = src.slice(i, stop);
      out += blank(raw);
      countLines(raw);
      i = stop;
    } else if (ch === '"' || ch === "'") {
      const at = line;
      const raw = skipString(ch);
      strings.push({ value: raw.slice(1, -1), line: at });
      out += `"@@${strings.length - 1}@@"`;
      prev = '"';
    } else if (ch === "`") {
      const raw = skipTemplate();
      out += blank(raw);
      countLines(raw);
      prev = "`";
    } else if (ch === "/" && (prev === "" || REGEX_AFTER.has(prev) || REGEX_AFTER_WORDS.has(prev))) {
      let j = i + 1;
      let inClass = false;
      while (j < src.length && src[j] !== "\n") {
        if (src[j] === "\\") j++;
        else if (src[j] === "[") inClass = true;
        else if (src[j] === "]") inClass = false;
        else if (src[j] === "/" && !inClass) break;
        j++;
      }
      j++;
      while (j < src.length && /[a-z]/i.test(src[j]!)) j++;
      out += blank(src.slice(i, j));
      i = j;
      prev = "/regex/";
    } else if (/[A-Za-z_$]/.test(ch)) {
      const word = /^[\w$]+/.exec(src.slice(i, i + 64))![0];
      out += word;
      i += word.length;
      prev = word;
    } else {
      out += ch;
      if (ch === "\n") line++;
      if (!/\s/.test(ch)) prev = ch;
      i++;
    }
  }
  return { text: out, strings };
}

/** `import … from` / `export … from`; the clause may not run into another statement */
const FROM = /(?<![.\w$])(import|export)\b((?:(?!\b(?:import|export)\b)[^;()="])*?)\bfrom\s*"@@(\d+)@@"/g;
const BARE = /(?<![.\w$])import\s*"@@(\d+)@@"/g;
const CALL =
  /(?<![.\w$])(?:import|require|vi\.mock|vi\.importActual|import\.meta\.resolve)\s*\(\s*"@@(\d+)@@"/g;

function clauseIsTypeOnly(clause: string): boolean {
  const c = clause.trim();
  if (/^type\b/.test(c)) return true;
  const braces = /^\{([^}]*)\}$/.exec(c);
  if (!braces) return false;
  const names = braces[1]!
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => /^type\s/.test(n));
}

export function importsOf(source: string): ImportRef[] {
  const { text, strings } = mask(source);
  const refs: ImportRef[] = [];
  const add = (index: string, typeOnly: boolean) => {
    const s = strings[Number(index)]!;
    refs.push({ specifier: s.value, typeOnly, line: s.line });
  };
  for (const m of text.matchAll(FROM)) add(m[3]!, clauseIsTypeOnly(m[2]!));
  for (const m of text.matchAll(BARE)) add(m[1]!, false);
  for (const m of text.matchAll(CALL)) add(m[1]!, false);
  return refs.sort((a, b) => a.line - b.line);
}
