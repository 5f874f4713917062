import { readableOn } from "./contrast.ts";

/** The theme contract: named tokens, exposed to the widget as scoped CSS variables (`--cw-*`). */
export interface Theme {
  colors: {
    background: string;
    surface: string;
    surfaceAlt: string;
    text: string;
    muted: string;
    border: string;
    accent: string;
    accentText: string;
    success: string;
    danger: string;
    warning: string;
    focus: string;
  };
  radius: string;
  font: string;
  fontMono: string;
}

export type ThemeOverrides = { [K in keyof Theme]?: Theme[K] extends object ? Partial<Theme[K]> : Theme[K] };

const base = {
  radius: "12px",
  font: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  fontMono: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
};

/**
 * A theme with overrides. An accent overridden without its text colour gets one that reads on it (WCAG AA): the
 * base theme's, else its text colour, else white or black.
 */
function merge(theme: Theme, overrides: ThemeOverrides = {}): Theme {
  const colors = { ...theme.colors, ...overrides.colors };
  if (overrides.colors?.accent !== undefined && overrides.colors.accentText === undefined)
    colors.accentText =
      readableOn(colors.accent, [theme.colors.accentText, theme.colors.text, theme.colors.background]) ??
      colors.accentText;
  return { ...theme, ...overrides, colors } as Theme;
}

/** Contrast ratios of text on background/surface meet WCAG AA (checked by a test). */
export function lightTheme(overrides?: ThemeOverrides): Theme {
  return merge(
    {
      ...base,
      colors: {
        background: "#ffffff",
        surface: "#f5f6f8",
        surfaceAlt: "#eceef2",
        text: "#12151c",
        muted: "#4f5868",
        border: "#c9ced8",
        accent: "#2452d6",
        accentText: "#ffffff",
        success: "#106b3a",
        danger: "#b3261e",
        warning: "#8a5300",
        focus: "#2452d6",
      },
    },
    overrides,
  );
}

export function darkTheme(overrides?: ThemeOverrides): Theme {
  return merge(
    {
      ...base,
      colors: {
        background: "#0f1218",
        surface: "#171b23",
        surfaceAlt: "#1f2430",
        text: "#eef1f6",
        muted: "#a8b1c2",
        border: "#343b4a",
        accent: "#7ea2ff",
        accentText: "#0b0e14",
        success: "#5fd492",
        danger: "#ff8a80",
        warning: "#f2b95c",
        focus: "#9db8ff",
      },
    },
    overrides,
  );
}

/** CSS custom properties for a theme, set on the widget's root element only. */
export function themeVars(theme: Theme): Record<string, string> {
  const vars: Record<string, string> = {
    "--cw-radius": theme.radius,
    "--cw-font": theme.font,
    "--cw-font-mono": theme.fontMono,
  };
  for (const [name, value] of Object.entries(theme.colors))
    vars[`--cw-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`] = value;
  return vars;
}
