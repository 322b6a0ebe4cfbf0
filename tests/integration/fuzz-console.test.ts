// Fuzzing of the console's path parameters and query strings, and its pages' parameters: every
// endpoint and page found on disk. See tests/helpers/fuzz-console.ts.
import { fuzzConsole } from "../helpers/fuzz-console.ts";

fuzzConsole();
