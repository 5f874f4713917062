import { createContext, useContext } from "react";

export type TestIds = (part: string) => { "data-testid"?: string };

/** `testId="checkout"` → `data-testid="checkout-amount"`; stories, unit tests and Playwright share these. */
export function testIds(prefix: string | undefined): TestIds {
  return (part) => (prefix ? { "data-testid": `${prefix}-${part}` } : {});
}

/** Set by WidgetRoot from its `testId`; parts used outside a widget root get none. */
export const TestIdsContext = createContext<TestIds>(() => ({}));

/** The `data-testid` props of the enclosing widget's parts: `{...useTestIds()("amount")}`. */
export const useTestIds = (): TestIds => useContext(TestIdsContext);
