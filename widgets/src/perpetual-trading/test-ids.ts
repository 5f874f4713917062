import { testIds } from "../internal/testid.ts";

export type TestIds = ReturnType<typeof testIds>;
export { testIds };
