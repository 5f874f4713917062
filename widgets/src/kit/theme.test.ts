import { describe, expect, test } from "vitest";
import { contrastRatio } from "./contrast.ts";
import { darkTheme, lightTheme, themeVars } from "./theme.ts";

const contrast = (a: string, b: string) => contrastRatio(a, b)!;

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
