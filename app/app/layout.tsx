import type { ReactNode } from "react";
import "./globals.css";

export const metadata = {
  title: "Compass",
  description: "Universal DeFi API: on-ramp, tokenized assets, perpetuals — non-custodial",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
