export { groups, manifest } from "./generated/manifest.ts";
export type { GroupManifest, OperationManifest, Pagination } from "./manifest-types.ts";
export { closest, editDistance } from "./suggest.ts";
