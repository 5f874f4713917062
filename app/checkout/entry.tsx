/**
 * The hosted checkout in the browser: hydrates the document the server rendered, with the data it rendered it from.
 * Built by rolldown (`npm run build`) into hashed files; React, the widgets and this page only — Next's client
 * runtime is not part of it.
 */
import { preloadCompassLocale } from "@compass/widgets";
import { hydrateRoot } from "react-dom/client";
import { type CheckoutData, CheckoutDocument, DATA_ELEMENT_ID } from "./document.tsx";

const data = JSON.parse(document.getElementById(DATA_ELEMENT_ID)!.textContent!) as CheckoutData;
// the widget's language first (its own chunk, already loaded when English), so hydration renders what the server did
void preloadCompassLocale(data.params.locale).then(() =>
  hydrateRoot(document, <CheckoutDocument data={data} />),
);
