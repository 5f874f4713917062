import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, test, vi } from "vitest";
import { AA, contrastRatio, parseColor, themeContrastIssues, warnThemeContrast } from "./contrast.ts";
import { darkTheme, lightTheme, themeVars } from "./theme.ts";
import { WidgetRoot, type WidgetRootProps } from "./WidgetRoot.tsx";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe("contrast", () => {
  test("parameters: the colour forms a theme takes", () => {
    expect(parseColor("#fff")).toEqual([255, 255, 255]);
    expect(parseColor("#2452D6")).toEqual([0x24, 0x52, 0xd6]);
    expect(parseColor("#2452d680")).toEqual([0x24, 0x52, 0xd6]);
    expect(parseColor("rgb(36, 82, 214)")).toEqual([36, 82, 214]);
    expect(parseColor("rgb(36 82 214 / 50%)")).toEqual([36, 82, 214]);
    for (const other of ["var(--brand)", "hsl(220 70% 50%)", "rebeccapurple", "#12345", "rgb(300, 0, 0)"])
      expect(parseColor(other), other).toBeNull();
    expect(contrastRatio("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777", "#777")).toBe(1);
    expect(contrastRatio("var(--x)", "#fff")).toBeNull();
  });

  test("default: overriding only the accent keeps the button's text readable (the base text colour when it still reads)", () => {
    // light's white text on an orange accent would be 2.03:1
    expect(contrastRatio("#ffffff", "#f5a623")!).toBeLessThan(AA);
    const light = lightTheme({ colors: { accent: "#f5a623" } });
    expect(contrastRatio(light.colors.accentText, "#f5a623")!).toBeGreaterThanOrEqual(AA);
    expect(themeVars(light)["--cw-accent-text"]).toBe(light.colors.accentText);
    // dark's near-black text on a deep blue would be 2.88:1
    const dark = darkTheme({ colors: { accent: "#1d4ed8" } });
    expect(dark.colors.accentText).toBe("#eef1f6");
    expect(contrastRatio(dark.colors.accentText, "#1d4ed8")!).toBeGreaterThanOrEqual(AA);
    // still readable: the base theme's own text colour is kept
    expect(lightTheme({ colors: { accent: "#0b3d91" } }).colors.accentText).toBe("#ffffff");
  });

  test("behavior: any accent a partner picks gets text at AA or better", () => {
    // every colour of a 16-step grid over the RGB cube
    const steps = Array.from({ length: 16 }, (_, i) => (i * 17).toString(16).padStart(2, "0"));
    for (const accent of steps.flatMap((r) => steps.flatMap((g) => steps.map((b) => `#${r}${g}${b}`)))) {
      for (const theme of [lightTheme({ colors: { accent } }), darkTheme({ colors: { accent } })])
        expect(contrastRatio(theme.colors.accentText, accent)!, accent).toBeGreaterThanOrEqual(AA);
    }
  });

  test("parameters: an explicit accentText is the partner's choice, and a colour this cannot read is left alone", () => {
    expect(lightTheme({ colors: { accent: "#f5a623", accentText: "#ffffff" } }).colors.accentText).toBe(
      "#ffffff",
    );
    expect(lightTheme({ colors: { accent: "var(--brand)" } }).colors.accentText).toBe("#ffffff");
    expect(themeContrastIssues(lightTheme({ colors: { accent: "var(--brand)" } }))).toEqual([]);
    expect(themeContrastIssues(lightTheme())).toEqual([]);
    expect(themeContrastIssues(darkTheme())).toEqual([]);
  });

  test("behavior: in development a theme under AA is warned about once; in production not at all", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const poor = lightTheme({ colors: { accent: "#f5a623", accentText: "#ffffff", muted: "#b0b0b0" } });
    warnThemeContrast(poor);
    warnThemeContrast(poor);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/accentText on accent 2\.\d+:1/);
    expect(warn.mock.calls[0]![0]).toMatch(/muted on background/);
    warnThemeContrast(lightTheme());
    expect(warn).toHaveBeenCalledTimes(1);

    // a widget checks its theme in development only (the production bundle has no check at all)
    const render = (accent: string) =>
      renderToStaticMarkup(
        createElement(
          WidgetRoot,
          {
            name: "x",
            catalog: { id: "x", en: { label: "X" }, load: {} },
            label: "label",
            theme: darkTheme({ colors: { accent, accentText: "#ffffff" } }),
          } as Omit<WidgetRootProps, "children"> as WidgetRootProps,
          null,
        ),
      );
    vi.stubEnv("NODE_ENV", "production");
    render("#ffff00");
    expect(warn).toHaveBeenCalledTimes(1);
    vi.stubEnv("NODE_ENV", "development");
    render("#ffff01");
    expect(warn).toHaveBeenCalledTimes(2);
    vi.unstubAllEnvs();
  });
});
