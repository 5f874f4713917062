import { handleApi } from "../../../../lib/compass.ts";

export const dynamic = "force-dynamic";

/** The app's deposit sponsor (lib/sponsor.ts): served by the app's HTTP app; 404 without a sponsor. */
export const POST = handleApi;
