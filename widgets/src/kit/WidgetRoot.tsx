import type { CSSProperties, ReactNode } from "react";
import { BASE_CSS } from "./base-css.ts";
import { useCompassConfig } from "./CompassProvider.tsx";
import { warnThemeContrast } from "./contrast.ts";
import { TestIdsContext, testIds } from "./test-ids.ts";
import { lightTheme, type Theme, themeVars } from "./theme.ts";

export interface WidgetRootProps {
  /** widget kind, scopes its styles: `[data-compass-widget="onramp"]` */
  name: string;
  /** the widget's own theme; else the CompassProvider's; else `lightTheme()` */
  theme?: Theme;
  /** widget-specific CSS (already scoped by its author) */
  css?: string;
  /** prefix of the `data-testid` of the root and of every part inside it */
  testId?: string;
  className?: string;
  label: string;
  children: ReactNode;
}

/**
 * Root of every widget: theme variables on this element only, and styles hoisted once per page through
 * React 19's `<style href precedence>` (deduplicated, works in SSR, needs no CSS loader in the host).
 */
export function WidgetRoot({ name, theme, css, testId, className, label, children }: WidgetRootProps) {
  const shared = useCompassConfig().theme;
  const resolved = theme ?? shared ?? lightTheme();
  warnThemeContrast(resolved);
  return (
    <section
      data-compass-widget={name}
      data-testid={testId}
      aria-label={label}
      className={className}
      style={themeVars(resolved) as CSSProperties}
    >
      <style href="compass-widgets-base" precedence="compass">
        {BASE_CSS}
      </style>
      {css ? (
        <style href={`compass-widgets-${name}`} precedence="compass">
          {css}
        </style>
      ) : null}
      <TestIdsContext.Provider value={testIds(testId)}>{children}</TestIdsContext.Provider>
    </section>
  );
}
