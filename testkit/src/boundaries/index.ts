/**
 * @compass/testkit/boundaries — the import graph and the package-boundary checks `npm run boundaries`
 * prints and testkit/test/boundaries.test.ts enforces.
 */
export { type ImportRef, importsOf } from "./imports.ts";
export {
  crossPackageRelativeImports,
  type Edge,
  type ImportGraph,
  importCycles,
  importGraph,
  topLevel,
  undeclaredSubpathImports,
  type Workspace,
  workspaces,
} from "./scan.ts";
