// Where the embedded database lives (EMBEDDED_DATA_DIR, default .data/pglite). Its own module so
// that code bundled into the Next server (the data key file beside it) can know the folder
// without importing PGlite.
import path from "node:path";

export const DEFAULT_EMBEDDED_DIR = path.resolve(process.env.EMBEDDED_DATA_DIR ?? ".data/pglite");
