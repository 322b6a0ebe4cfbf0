// Schema-driven fuzzing of every operation of the OpenAPI document outside /v1/marketplace
// (webhooks, sandbox). See tests/helpers/fuzz-runner.ts.
import { fuzzOperations } from "../helpers/fuzz-runner.ts";

fuzzOperations("webhook and sandbox operations", (operation) => !operation.path.startsWith("/v1/marketplace/"));
