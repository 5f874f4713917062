import type { CSSProperties, ReactNode } from "react";
import { BASE_CSS } from "../theme/base-css.ts";
import { lightTheme, type Theme, themeVars } from "../theme/theme.ts";

export interface WidgetRootProps {
  /** widget kind, scopes its styles: `[data-compass-widget="onramp"]` */
  name: string;
  theme?: Theme;
  /** widget-specific CSS (already scoped by its author) */
  css?: string;
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
  return (
    <section
      data-compass-widget={name}
      data-testid={testId}
      aria-label={label}
      className={className}
      style={themeVars(theme ?? lightTheme()) as CSSProperties}
    >
      <style href="compass-widgets-base" precedence="compass">
        {BASE_CSS}
      </style>
      {css ? (
        <style href={`compass-widgets-${name}`} precedence="compass">
          {css}
        </style>
      ) : null}
      {children}
    </section>
  );
}
