// Schema-driven fuzzing of the marketplace operations (trades, payments, shipments, users, business
// users): every operation of the OpenAPI document under /v1/marketplace. See tests/helpers/fuzz-runner.ts.
import { fuzzOperations } from "../helpers/fuzz-runner.ts";

fuzzOperations("marketplace operations", (operation) => operation.path.startsWith("/v1/marketplace/"));
