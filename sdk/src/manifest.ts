export { groups, manifest } from "./generated/manifest.ts";
export type { GroupManifest, OperationManifest } from "./manifest-types.ts";
