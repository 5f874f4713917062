/** `testId="checkout"` → `data-testid="checkout-amount"`; stories, unit tests and Playwright share these. */
export function testIds(prefix: string | undefined) {
  return (part: string): { "data-testid"?: string } => (prefix ? { "data-testid": `${prefix}-${part}` } : {});
}
