// Request cases derived from an operation's OpenAPI schemas: a canonical valid value, fast-check
// arbitraries of valid values, and every constraint broken one at a time (each with the JSON path
// the validation error must name). ajv confirms that a broken value really breaks the schema.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { resolveRef, type Schema } from "./openapi-operations.ts";

type Components = { components: { schemas: Record<string, Schema> } };
export type JsonPath = (string | number)[];

/** The key validation.ts gives a field: `shipping.expectedMaxWeight`, `imageUrls[2]`, `body` for the root. */
export function jsonKey(path: JsonPath): string {
  let key = "";
  for (const part of path) key += typeof part === "number" ? `[${part}]` : key ? `.${part}` : part;
  return key || "body";
}

const nonNull = (options: Schema[]) => options.find((o) => o.type !== "null") ?? options[0]!;

/** A deterministic valid value: the documented example or default where there is one. */
export function canonical(doc: Components, raw: Schema): unknown {
  const schema = resolveRef(doc, raw);
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf ?? schema.oneOf) return canonical(doc, nonNull((schema.anyOf ?? schema.oneOf)!));
  switch (schema.type) {
    case "string":
      if (schema.format === "uri") return "https://images.example/1.jpg";
      return "x".repeat(Math.max(schema.minLength ?? 1, 1));
    case "integer":
    case "number":
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case "boolean":
      return false;
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => canonical(doc, schema.items ?? {}));
    case "object":
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [name, canonical(doc, schema.properties![name]!)]),
      );
    default:
      return {};
  }
}

/** Valid values of the schema: mostly documented examples (so calls get past business checks), plus random ones. */
export function validArbitrary(doc: Components, raw: Schema): fc.Arbitrary<unknown> {
  const schema = resolveRef(doc, raw);
  const documented = schema.example !== undefined ? [fc.constant(schema.example)] : [];
  const withExample = (random: fc.Arbitrary<unknown>) =>
    documented.length ? fc.oneof({ arbitrary: documented[0]!, weight: 4 }, { arbitrary: random, weight: 1 }) : random;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return withExample(fc.oneof(...options.map((o) => validArbitrary(doc, o))));
  switch (schema.type) {
    case "null":
      return fc.constant(null);
    case "string": {
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? 40, 40);
      if (schema.format === "uri")
        return fc.webUrl({ validSchemes: ["https"] }).filter((u) => u.length <= (schema.maxLength ?? 2048));
      if (schema.pattern) {
        // Strings of the pattern, brought to the allowed length (filtering on length alone almost never succeeds).
        const pattern = new RegExp(schema.pattern);
        const limit = schema.maxLength ?? 64;
        const sized = fc
          .stringMatching(pattern)
          .map((s) => (s.length >= minLength ? s : s + s.slice(-1).repeat(minLength - s.length)).slice(0, limit));
        return withExample(sized.filter((s) => s.length >= minLength && pattern.test(s)));
      }
      // Printable text, and any code point at all (NUL, controls, astral characters).
      return withExample(
        fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: "binary" })),
      );
    }
    case "integer":
      return withExample(
        fc.integer({
          min: Math.max(schema.minimum ?? -(2 ** 31), Number.MIN_SAFE_INTEGER),
          max: Math.min(schema.maximum ?? 2 ** 31 - 1, Number.MAX_SAFE_INTEGER),
        }),
      );
    case "number": {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
      const bounds = {
        min,
        max,
        minExcluded: schema.exclusiveMinimum !== undefined,
        maxExcluded: schema.exclusiveMaximum !== undefined,
      };
      // Whole numbers, cents, and any double in range (long fractions, the smallest values).
      return withExample(
        fc.oneof(
          fc.integer({ min: Math.ceil(min + (bounds.minExcluded ? 1 : 0)), max: Math.floor(max) }),
          fc.integer({ min: Math.ceil(min * 100) + 1, max: Math.floor(max * 100) }).map((c) => c / 100),
          fc.double({ ...bounds, noNaN: true, noDefaultInfinity: true }),
        ),
      );
    }
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(validArbitrary(doc, schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case "object": {
      if (schema.properties) {
        const required = schema.required ?? [];
        const shape = Object.fromEntries(
          Object.entries(schema.properties).map(([name, property]) => [name, validArbitrary(doc, property)]),
        );
        // Optional members are left out half of the time; required ones always come from the example when it passes business checks.
        return fc.record(shape, { requiredKeys: required });
      }
      if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
        return fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
      }
      return fc.constant({});
    }
    default:
      return fc.jsonValue({ maxDepth: 3 });
  }
}

export interface BrokenValue {
  /** What is broken, for the report: `title: longer than maxLength 64`. */
  label: string;
  /** The field the validation error must name. */
  key: string;
  apply: (base: unknown) => unknown;
}

/** Every constraint of the schema broken one at a time, starting from `base` (a valid value). */
export function brokenValues(doc: Components, root: Schema): BrokenValue[] {
  const ajv = new Ajv2020({ strict: false });
  addFormats.default(ajv);
  ajv.addSchema({ $id: "doc.json", components: doc.components });
  const validatorCache = new Map<Schema, (value: unknown) => boolean>();
  const invalidFor = (schema: Schema, value: unknown) => {
    let validate = validatorCache.get(schema);
    if (!validate) {
      const compiled = ajv.compile(
        JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"doc.json#/')) as object,
      );
      validate = (v) => compiled(v) as boolean;
      validatorCache.set(schema, validate);
    }
    return !validate(value);
  };

  const out: BrokenValue[] = [];
  const walk = (raw: Schema, path: JsonPath, at: (base: unknown) => unknown) => {
    const schema = resolveRef(doc, raw);
    const key = jsonKey(path);
    const set = (value: unknown) => (base: unknown) => setAt(at(base), path, value);
    for (const [label, value] of candidates(doc, schema)) {
      if (invalidFor(raw, value)) out.push({ label: `${key}: ${label}`, key, apply: set(value) });
    }
    const options = schema.anyOf ?? schema.oneOf;
    const shape = options ? resolveRef(doc, nonNull(options)) : schema;
    if (shape.type === "object" && shape.properties) {
      for (const name of shape.required ?? []) {
        out.push({
          label: `${jsonKey([...path, name])}: missing required field`,
          key: jsonKey([...path, name]),
          apply: (base) => removeAt(withShape(at(base)), [...path, name]),
        });
      }
      if (shape.additionalProperties === false) {
        const extra = [...path, "unexpectedField"];
        out.push({
          label: `${jsonKey(extra)}: unknown field`,
          key: jsonKey(extra),
          apply: (base) => setAt(withShape(at(base)), extra, "surprise"),
        });
      }
      for (const [name, property] of Object.entries(shape.properties)) {
        const child = [...path, name];
        // An optional member is first given a valid value, then broken.
        walk(property, child, (base) => {
          const holder = withShape(at(base));
          return getAt(holder, child) === undefined ? setAt(holder, child, canonical(doc, property)) : holder;
        });
      }
    } else if (shape.type === "array" && shape.items) {
      const child = [...path, 0];
      walk(shape.items, child, (base) => {
        const holder = withShape(at(base));
        return getAt(holder, child) === undefined ? setAt(holder, child, canonical(doc, shape.items!)) : holder;
      });
    }
    function withShape(base: unknown) {
      // A nullable member that is null in the base gets its non-null form before its members are broken.
      const current = getAt(base, path);
      return current === null || current === undefined ? setAt(base, path, canonical(doc, shape)) : base;
    }
  };
  walk(root, [], (base) => structuredClone(base));
  return out;
}

/** Values that may break the schema; ajv keeps the ones that really do. */
function candidates(doc: Components, schema: Schema): [string, unknown][] {
  const list: [string, unknown][] = [
    ["a number instead", 12345],
    ["a string instead", "a string"],
    ["a boolean instead", true],
    ["null", null],
    ["an array instead", []],
  ];
  const text = schema.anyOf ? resolveRef(doc, nonNull(schema.anyOf)) : schema;
  // An empty object in place of an object is not a type error but missing members (broken on their own).
  if (text.type !== "object") list.push(["an object instead", {}]);
  if (text.maxLength !== undefined)
    list.push([`longer than maxLength ${text.maxLength}`, "a".repeat(text.maxLength + 1)]);
  if (text.minLength) list.push([`shorter than minLength ${text.minLength}`, "a".repeat(text.minLength - 1)]);
  if (text.pattern) list.push([`not matching ${text.pattern}`, "%%%%%%%%%%%%%%%%%%%%"]);
  if (text.enum) list.push(["not one of the allowed values", "not-an-allowed-value"]);
  if (text.format === "uri") list.push(["not a uri", "not a uri"]);
  if (text.minimum !== undefined)
    list.push(
      [`below minimum ${text.minimum}`, text.minimum - 1],
      [`just below minimum ${text.minimum}`, text.minimum - 0.001],
    );
  if (text.exclusiveMinimum !== undefined)
    list.push([`equal to exclusiveMinimum ${text.exclusiveMinimum}`, text.exclusiveMinimum]);
  if (text.maximum !== undefined) list.push([`above maximum ${text.maximum}`, text.maximum + 1]);
  if (text.type === "integer") list.push(["a fraction instead of an integer", (text.minimum ?? 0) + 1.5]);
  if (text.maxItems !== undefined)
    list.push([
      `more than maxItems ${text.maxItems}`,
      Array.from({ length: text.maxItems + 1 }, () => canonical(doc, text.items ?? {})),
    ]);
  if (text.const !== undefined || (schema.anyOf ?? []).some((o) => o.const !== undefined))
    list.push(["an unknown code", 99]);
  return list;
}

export function getAt(value: unknown, path: JsonPath): unknown {
  let current = value;
  for (const part of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[part];
  }
  return current;
}

export function setAt(value: unknown, path: JsonPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const container = (
    value !== null && typeof value === "object" ? value : typeof head === "number" ? [] : {}
  ) as Record<string | number, unknown>;
  container[head!] = setAt(container[head!], rest, replacement);
  return container;
}

function removeAt(value: unknown, path: JsonPath): unknown {
  const parent = getAt(value, path.slice(0, -1));
  if (parent && typeof parent === "object") delete (parent as Record<string | number, unknown>)[path[path.length - 1]!];
  return value;
}

/** Every leaf path of a value, with the schema type found there (for hostile values per field). */
export function leafPaths(doc: Components, raw: Schema, path: JsonPath = []): { path: JsonPath; schema: Schema }[] {
  const schema = resolveRef(doc, raw);
  const options = schema.anyOf ?? schema.oneOf;
  const shape = options ? resolveRef(doc, nonNull(options)) : schema;
  if (shape.type === "object" && shape.properties)
    return Object.entries(shape.properties).flatMap(([name, property]) => leafPaths(doc, property, [...path, name]));
  return [{ path, schema }];
}
