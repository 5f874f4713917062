import Script from "next/script";

export const metadata = { title: "Compass API reference" };

const configuration = {
  url: "/v2/openapi.json",
  withDefaultFonts: false,
  hideClientButton: false,
  defaultOpenAllTags: false,
  metaData: { title: "Compass API reference" },
};

/** Interactive reference rendering /v2/openapi.json (Scalar, served locally). */
export default function DocsPage() {
  return (
    <>
      <div id="api-reference" />
      <Script id="scalar-config" strategy="beforeInteractive">{`window.__scalarConfig = ${JSON.stringify(configuration)};`}</Script>
      <Script
        src="/docs/scalar.js"
        strategy="afterInteractive"
        onLoad={undefined}
      />
      <Script id="scalar-init" strategy="afterInteractive">{`
        (function init(){
          if (!window.Scalar || !window.Scalar.createApiReference) return setTimeout(init, 50);
          window.Scalar.createApiReference('#api-reference', window.__scalarConfig);
        })();
      `}</Script>
    </>
  );
}
