/**
 * The hosted checkout in the browser: hydrates the document the server rendered, with the data it rendered it from.
 * Built by rolldown (`npm run build`) into hashed files; React, the widgets and this page only — Next's client
 * runtime is not part of it.
 */
import { hydrateRoot } from "react-dom/client";
import { type CheckoutData, CheckoutDocument, DATA_ELEMENT_ID } from "./document.tsx";

const data = JSON.parse(document.getElementById(DATA_ELEMENT_ID)!.textContent!) as CheckoutData;
hydrateRoot(document, <CheckoutDocument data={data} />);
