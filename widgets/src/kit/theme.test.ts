import { describe, expect, test } from "vitest";
import { darkTheme, lightTheme, themeVars } from "./theme.ts";

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
};

describe("themes", () => {
  test.each([
    ["light", lightTheme()],
    ["dark", darkTheme()],
  ])("%s: text colours meet WCAG AA on their backgrounds", (_n, t) => {
    for (const bg of [t.colors.background, t.colors.surface, t.colors.surfaceAlt]) {
      for (const fg of [t.colors.text, t.colors.muted, t.colors.danger, t.colors.success, t.colors.warning])
        expect(contrast(fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(t.colors.accentText, t.colors.accent)).toBeGreaterThanOrEqual(4.5);
  });

  test("overrides merge and become scoped variables", () => {
    const vars = themeVars(lightTheme({ colors: { accent: "#000000" }, radius: "0px" }));
    expect(vars).toMatchObject({
      "--cw-accent": "#000000",
      "--cw-radius": "0px",
      "--cw-accent-text": "#ffffff",
      "--cw-surface-alt": "#eceef2",
    });
  });
});
