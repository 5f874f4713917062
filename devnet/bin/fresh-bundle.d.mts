/** The file that lists what esbuild compiled into `outFile`. */
export declare const inputsFile: (outFile: string) => string;
/** `outFile` when it exists, was built from `entry`, and is newer than every file it compiled in. */
export declare function freshBundle(outFile: string, entry: string): string | undefined;
