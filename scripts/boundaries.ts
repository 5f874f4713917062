/**
 * `npm run boundaries`: imports that cross package boundaries — relative paths into another top-level
 * folder, workspace subpaths the package's `exports` do not declare — and import cycles (type-only
 * imports count). Exit 1 when there is any.
 */
import {
  crossPackageRelativeImports,
  importCycles,
  importGraph,
  undeclaredSubpathImports,
} from "@compass/testkit/boundaries";
import { ROOT } from "@compass/testkit/stack";

const graph = importGraph(ROOT);
const where = (e: { from: string; line: number }) => `${e.from}:${e.line}`;
const relative = crossPackageRelativeImports(graph);
const subpaths = undeclaredSubpathImports(graph);
const cycles = importCycles(graph);

console.log(`${graph.files.length} files, ${graph.edges.length} imports`);
console.log(`\nrelative imports into another package: ${relative.length}`);
for (const e of relative) console.log(`  ${where(e)}  ${e.specifier}${e.typeOnly ? "  (type)" : ""}`);
console.log(`\nworkspace subpaths not declared in the package's exports: ${subpaths.length}`);
for (const e of subpaths) console.log(`  ${where(e)}  ${e.specifier}`);
console.log(`\nimport cycles: ${cycles.length}`);
for (const c of cycles) console.log(`  ${c.length} files importing one another: ${c.join(", ")}`);
process.exit(relative.length + subpaths.length + cycles.length ? 1 : 0);
