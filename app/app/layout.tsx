import { headers } from "next/headers";
import Link from "next/link";
import type { ReactNode } from "react";
import { appConfig } from "../lib/config.ts";
import { publicChains } from "../lib/wallet/public-chains.ts";
import { hasStoredConnection } from "../lib/wallet/session.ts";
import "./globals.css";
import { Providers } from "./providers.tsx";
import { WalletBar } from "./wallet-bar.tsx";

export const metadata = {
  title: "Compass",
  description: "Universal DeFi API: on-ramp, tokenized assets, perpetuals — non-custodial",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { chains, devWallet, env } = publicChains();
  const reconnect = hasStoredConnection((await headers()).get("cookie"));
  return (
    <html lang="en">
      <body>
        <Providers
          chains={chains}
          devWallet={devWallet}
          reconnect={reconnect}
          publishableKey={appConfig().appPublishableKey}
        >
          <header className="site-header">
            <Link href="/" className="brand">
              Compass
            </Link>
            {env === "staging" ? <span className="env-badge">staging</span> : null}
            <WalletBar />
          </header>
          {children}
        </Providers>
      </body>
    </html>
  );
}
