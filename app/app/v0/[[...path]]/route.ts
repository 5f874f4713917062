import { handleApi } from "../../../lib/compass.ts";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = handleApi;
export const POST = handleApi;
export const PUT = handleApi;
export const PATCH = handleApi;
export const DELETE = handleApi;
export const OPTIONS = handleApi;
