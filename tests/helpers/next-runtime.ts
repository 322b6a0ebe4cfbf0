// What `next start` sets up before any of Next's request-scope modules load (they refuse to load
// without it): AsyncLocalStorage on globalThis. Imported first by tests that run handlers in a scope.
import { AsyncLocalStorage } from "node:async_hooks";

(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
