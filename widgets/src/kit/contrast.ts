/**
 * WCAG 2 contrast for theme colours: what the themes promise (AA, 4.5:1 for text) checked on a partner's overrides,
 * and the text colour on an accent derived rather than left as the base theme's.
 */

/** The colours of a theme this checks (the shape of `Theme["colors"]`, named here so theme.ts can use this file). */
type TextColours = Record<
  | "background"
  | "surface"
  | "surfaceAlt"
  | "text"
  | "muted"
  | "danger"
  | "success"
  | "warning"
  | "accent"
  | "accentText",
  string
>;

/** WCAG AA for normal text */
export const AA = 4.5;

type Rgb = [number, number, number];

/** `#rgb`, `#rrggbb` (alpha forms ignore the alpha), `rgb(r g b)` / `rgb(r, g, b)`; null for anything else. */
export function parseColor(value: string): Rgb | null {
  const v = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(v)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex.slice(0, 3)].map((c) => c + c).join("") : hex.slice(0, 6);
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/.exec(v);
  if (rgb) {
    const channels = rgb.slice(1, 4).map(Number) as Rgb;
    return channels.every((c) => c <= 255) ? channels : null;
  }
  return null;
}

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of two colours (1–21), or null when either is not a colour this can read (a CSS variable…). */
export function contrastRatio(a: string, b: string): number | null {
  const [x, y] = [parseColor(a), parseColor(b)];
  if (!x || !y) return null;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Text colour for a background: the first candidate that meets AA, else white or black, whichever contrasts more
 * (one of them always reaches 4.58:1). Null when the background is not a colour this can read.
 */
export function readableOn(background: string, candidates: string[]): string | null {
  if (!parseColor(background)) return null;
  for (const c of candidates) if ((contrastRatio(c, background) ?? 0) >= AA) return c;
  return (contrastRatio("#ffffff", background) ?? 0) >= (contrastRatio("#000000", background) ?? 0)
    ? "#ffffff"
    : "#000000";
}

export interface ContrastIssue {
  /** e.g. "text on surface" */
  pair: string;
  ratio: number;
}

/** The theme's text-on-background pairs under AA (pairs with a colour this cannot read are skipped). */
export function themeContrastIssues(theme: { colors: TextColours }): ContrastIssue[] {
  const c = theme.colors;
  const pairs: [string, string, string][] = [];
  for (const bg of ["background", "surface", "surfaceAlt"] as const)
    for (const fg of ["text", "muted", "danger", "success", "warning"] as const)
      pairs.push([`${fg} on ${bg}`, c[fg], c[bg]]);
  pairs.push(["accentText on accent", c.accentText, c.accent]);
  const issues: ContrastIssue[] = [];
  for (const [pair, fg, bg] of pairs) {
    const ratio = contrastRatio(fg, bg);
    if (ratio !== null && ratio < AA) issues.push({ pair, ratio: Math.round(ratio * 100) / 100 });
  }
  return issues;
}

const warned = new Set<string>();

/**
 * One console warning per theme whose text falls under AA (a partner's override, usually). Called in development
 * only (WidgetRoot guards it with `process.env.NODE_ENV`, so a production build drops this code).
 */
export function warnThemeContrast(theme: { colors: TextColours }): void {
  const key = JSON.stringify(theme.colors);
  if (warned.has(key)) return;
  warned.add(key);
  const issues = themeContrastIssues(theme);
  if (issues.length)
    console.warn(
      `[compass widgets] theme colours under WCAG AA (4.5:1): ${issues.map((i) => `${i.pair} ${i.ratio}:1`).join(", ")}`,
    );
}
