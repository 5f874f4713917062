/** A connector's button label, the same before the wallet layer has loaded (`lazy.tsx`) and after (`layer.tsx`). */
export function connectorLabel(c: { id: string; name: string }): string {
  return c.id === "compassDevWallet"
    ? "Use dev wallet"
    : c.id === "injected"
      ? "Connect browser wallet"
      : `Connect ${c.name}`;
}
