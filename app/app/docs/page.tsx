import Script from "next/script";

export const metadata = { title: "Compass API reference" };

const configuration = {
  sources: [{ url: "/v2/openapi.json", title: "Compass API", slug: "compass" }],
  // offline: no web fonts, no AI agent (it queries a remote registry through a proxy), no telemetry
  withDefaultFonts: false,
  agent: { disabled: true },
  telemetry: false,
  hideClientButton: false,
  defaultOpenAllTags: false,
  metaData: { title: "Compass API reference" },
};

/** Interactive reference rendering /v2/openapi.json (Scalar, served locally). */
export default function DocsPage() {
  return (
    <>
      <div id="api-reference" />
      <Script
        id="scalar-config"
        strategy="beforeInteractive"
      >{`window.__scalarConfig = ${JSON.stringify(configuration)};`}</Script>
      <Script src="/docs/scalar.js" strategy="afterInteractive" />
      <Script id="scalar-init" strategy="afterInteractive">{`
        (function init(){
          if (!window.Scalar || !window.Scalar.createApiReference) return setTimeout(init, 50);
          window.Scalar.createApiReference('#api-reference', window.__scalarConfig);
        })();
      `}</Script>
    </>
  );
}
