// Checks every request against the published schema of its operation, answering as Stripe does.
//
// Two passes, because form values are all strings and Stripe's errors name the parameter in
// bracket notation:
// 1. coerce: walk the decoded form along the schema, turning strings into integers and booleans
//    and index-keyed hashes (`items[0]`) into lists, and stop at the first parameter the schema does
//    not know (`parameter_unknown`), a non-integer where an integer belongs
//    (`parameter_invalid_integer`) or an empty string where the parameter cannot be unset
//    (`parameter_invalid_empty`);
// 2. ajv: the coerced value against the same schema for what remains: required parameters
//    (`parameter_missing`), enums, lengths.
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { invalidRequest, StripeApiError } from "./errors.ts";
import type { FormObject, FormTree } from "./form-decoding.ts";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "./json.ts";
import type { PublishedApi } from "./published-api.ts";

/** `["line_items", "0", "price_data", "foo"]` → `line_items[0][price_data][foo]`, Stripe's spelling. */
export function paramName(path: readonly string[]): string {
  const [first, ...rest] = path;
  return `${first ?? ""}${rest.map((segment) => `[${segment}]`).join("")}`;
}

function unknownParameter(path: string[]) {
  const name = paramName(path);
  return invalidRequest(`Received unknown parameter: ${name}`, { code: "parameter_unknown", param: name });
}

function schemaBranches(schema: JsonObject): JsonObject[] | null {
  const branches = schema.anyOf ?? schema.oneOf;
  return Array.isArray(branches) ? branches.filter(isJsonObject) : null;
}

/** Stripe's "emptyable" parameters are `anyOf: [<the real schema>, { enum: [""] }]`: "" unsets them. */
function acceptsEmptyString(schema: JsonObject): boolean {
  if (Array.isArray(schema.enum) && schema.enum.includes("")) return true;
  return schemaBranches(schema)?.some(acceptsEmptyString) ?? false;
}

function isHash(value: FormTree): value is FormObject {
  return typeof value === "object" && !Array.isArray(value);
}

/** Whether a branch of an anyOf could take a value of this shape (string vs hash/list). */
function shapeFits(value: FormTree, schema: JsonObject): boolean {
  const type = schema.type;
  if (typeof value === "string") return type !== "object" && type !== "array";
  if (schemaBranches(schema)) return true;
  return type === "object" || type === "array" || type === undefined;
}

function formToJson(value: FormTree): Json {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(formToJson);
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) out[key] = formToJson(item);
  return out;
}

/** The spec marks a few parameters `x-stripeBypassValidation` ("refer to the documentation"):
 * `external_account` is typed as a token string there yet takes a whole bank-account hash. Such a
 * parameter is taken as sent (an enum so marked is still checked). */
function bypassesValidation(schema: JsonObject): boolean {
  return schema["x-stripeBypassValidation"] === true && !Array.isArray(schema.enum);
}

function coerce(value: FormTree, schema: JsonObject, path: string[]): Json {
  if (bypassesValidation(schema)) return formToJson(value);
  if (value === "" && !acceptsEmptyString(schema)) {
    const name = paramName(path);
    throw invalidRequest(
      `You passed an empty string for '${name}'. We assume empty values are an attempt to unset a parameter; however '${name}' cannot be unset. You should remove '${name}' from your request or supply a non-empty value.`,
      { code: "parameter_invalid_empty", param: name },
    );
  }
  const branches = schemaBranches(schema);
  if (branches) {
    let firstFailure: StripeApiError | null = null;
    for (const branch of branches) {
      if (!shapeFits(value, branch)) continue;
      if (value === "" && !acceptsEmptyString(branch)) continue;
      try {
        return coerce(value, branch, path);
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        firstFailure ??= error;
      }
    }
    if (firstFailure) throw firstFailure;
    throw invalidRequest(`Invalid ${typeof value === "string" ? "hash" : "string"}: ${paramName(path)}`, {
      param: paramName(path),
    });
  }
  const name = paramName(path);
  switch (schema.type) {
    case "integer":
      if (typeof value === "string" && /^-?\d+$/.test(value)) return Number(value);
      throw invalidRequest(`Invalid integer: ${typeof value === "string" ? value : name}`, {
        code: "parameter_invalid_integer",
        param: name,
      });
    case "number":
      if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
      throw invalidRequest(`Invalid decimal: ${typeof value === "string" ? value : name}`, { param: name });
    case "boolean":
      if (value === "true") return true;
      if (value === "false") return false;
      throw invalidRequest(`Invalid boolean: ${typeof value === "string" ? value : name}`, { param: name });
    case "string":
      if (typeof value === "string") return value;
      throw invalidRequest(`Invalid string: ${name}`, { param: name });
    case "array": {
      const items = isJsonObject(schema.items) ? schema.items : {};
      let list: FormTree[];
      if (Array.isArray(value)) list = value;
      else if (isHash(value) && Object.keys(value).every((key) => /^\d+$/.test(key))) {
        // `payment_method_types[0]=card&payment_method_types[1]=mobilepay`, as the SDK sends lists.
        list = Object.keys(value)
          .sort((a, b) => Number(a) - Number(b))
          .map((key) => value[key]!);
      } else throw invalidRequest(`Invalid array`, { param: name });
      return list.map((item, index) => coerce(item, items, [...path, String(index)]));
    }
    case "object": {
      if (!isHash(value)) throw invalidRequest(`Invalid object`, { param: name });
      const properties = isJsonObject(schema.properties) ? schema.properties : null;
      const additional = schema.additionalProperties;
      const out: JsonObject = {};
      for (const [key, item] of Object.entries(value)) {
        const known = properties?.[key];
        if (isJsonObject(known)) out[key] = coerce(item, known, [...path, key]);
        else if (isJsonObject(additional)) out[key] = coerce(item, additional, [...path, key]);
        else if (properties === null && additional !== false) out[key] = formToJson(item);
        // Stripe refuses unknown keys at every depth, though the spec closes only the top level.
        else throw unknownParameter([...path, key]);
      }
      return out;
    }
    default:
      return formToJson(value);
  }
}

/** Closes every object schema that lists its properties, as Stripe's parser does. */
function closeObjects(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(closeObjects);
  if (!isJsonObject(schema)) return schema;
  if (bypassesValidation(schema)) return {};
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = key === "properties" && isJsonObject(value) ? mapValues(value, closeObjects) : closeObjects(value);
  }
  if (isJsonObject(out.properties) && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

function mapValues(object: JsonObject, map: (value: Json) => Json): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(object)) out[key] = map(value);
  return out;
}

function pathOf(error: ErrorObject): string[] {
  return error.instancePath
    .split("/")
    .slice(1)
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function listWords(values: readonly unknown[]): string {
  const words = values.map(String);
  return words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")}, or ${words.at(-1)}`;
}

// Which ajv complaint to report when there are several; an anyOf's own summary, and the "" branch
// of an emptyable parameter refusing a real value, say nothing useful.
const PRIORITY = ["additionalProperties", "required", "enum", "maxLength", "minimum", "maximum", "type"];

function toStripeError(errors: ErrorObject[]): StripeApiError {
  const useful = errors.filter(
    (error) =>
      error.keyword !== "anyOf" &&
      error.keyword !== "oneOf" &&
      !(error.keyword === "enum" && JSON.stringify(error.params.allowedValues) === '[""]'),
  );
  const ranked = (useful.length > 0 ? useful : errors).toSorted((a, b) => {
    const rank = (error: ErrorObject) => {
      const index = PRIORITY.indexOf(error.keyword);
      return index < 0 ? PRIORITY.length : index;
    };
    return rank(a) - rank(b) || pathOf(b).length - pathOf(a).length;
  });
  const error = ranked[0]!;
  const path = pathOf(error);
  switch (error.keyword) {
    case "additionalProperties":
      return unknownParameter([...path, String(error.params.additionalProperty)]);
    case "required": {
      const name = paramName([...path, String(error.params.missingProperty)]);
      return invalidRequest(`Missing required param: ${name}.`, { code: "parameter_missing", param: name });
    }
    case "enum": {
      const name = paramName(path);
      const allowed = (error.params.allowedValues as unknown[]).filter((value) => value !== "");
      return invalidRequest(`Invalid ${name}: must be one of ${listWords(allowed)}`, { param: name });
    }
    case "maxLength": {
      const name = paramName(path);
      return invalidRequest(`Invalid ${name}: must be at most ${String(error.params.limit)} characters`, {
        param: name,
      });
    }
    default: {
      const name = paramName(path);
      return invalidRequest(`Invalid ${name || "request"}: ${error.message ?? "invalid value"}`, {
        param: name || undefined,
      });
    }
  }
}

export class RequestValidator {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, { schema: JsonObject; check: ValidateFunction }>();

  constructor(private readonly api: PublishedApi) {
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    // Stripe's own formats: timestamps are integers already, decimals are strings of digits.
    this.ajv.addFormat("unix-time", true);
    this.ajv.addFormat("decimal", true);
    this.ajv.addFormat("binary", true);
  }

  has(operation: string): boolean {
    return operation in this.api.operations;
  }

  private schemaFor(operation: string) {
    const cached = this.compiled.get(operation);
    if (cached) return cached;
    const published = this.api.operations[operation];
    if (!published) throw new Error(`no published schema for ${operation}`);
    const raw = published.body ?? published.query ?? { type: "object", properties: {}, additionalProperties: false };
    const schema = closeObjects(cloneJson(raw)) as JsonObject;
    const entry = { schema, check: this.ajv.compile(schema) };
    this.compiled.set(operation, entry);
    return entry;
  }

  /** The parameters, coerced to the schema's types; throws Stripe's error for the first fault. */
  validate(operation: string, params: FormObject): JsonObject {
    const { schema, check } = this.schemaFor(operation);
    const coerced = coerce(params, schema, []);
    if (!isJsonObject(coerced)) throw invalidRequest("Invalid request");
    if (!check(coerced)) throw toStripeError(check.errors ?? []);
    return coerced;
  }
}
