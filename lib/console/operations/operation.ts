// A console endpoint, declared once: its method, its path template, the query or body it reads and
// the type of its answer. The route file serves it with consoleRoute (lib/console/console-route.ts)
// and the pages call it with the typed helpers (components/console/kit/console-post.ts), so the
// path, the body and the answer cannot drift apart. Unlike the v1 API's operations these are not
// published: no OpenAPI, only types. This module and the schemas it names are imported by client
// components, so nothing here may reach the database or Node built-ins.
import type { z } from "zod";

/** Where every console endpoint lives; only lib/console/operations spells it out (tests/unit/console-operations.test.ts). */
export const CONSOLE_API = "/console/api";

export type ConsoleMethod = "GET" | "POST";

/** The names of a template's `{name}` segments: "/console/api/team/{staffId}/role" → "staffId". */
export type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

/** The values of a template's parameters, as the route receives them (decoded text). */
export type PathParams<Path extends string> = { [Name in ParamNames<Path>]: string };

export interface ConsoleOperation<
  Method extends ConsoleMethod = ConsoleMethod,
  Path extends string = string,
  Query extends z.ZodObject | undefined = z.ZodObject | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Answer = unknown,
> {
  method: Method;
  /** The address with `{name}` for each folder `[name]`, e.g. `/console/api/trades/{tradeId}/resolve`. */
  path: Path;
  /** A GET's query string; what does not parse is a 400 naming the parameter. */
  query?: Query;
  /** A POST's JSON body; without one the body is not read at all. */
  body?: Body;
  /** Never set: carries the answer's type to the client helpers. */
  readonly answer?: Answer;
}

/**
 * Declares an operation whose answer is `Answer` (usually the return type of the use case the
 * route calls, imported as a type only). Curried so that the answer is named and the rest inferred.
 */
export function consoleOperation<Answer>() {
  return <
    Method extends ConsoleMethod,
    Path extends `${typeof CONSOLE_API}/${string}`,
    Query extends z.ZodObject | undefined = undefined,
    Body extends z.ZodType | undefined = undefined,
  >(
    operation: Omit<ConsoleOperation<Method, Path, Query, Body, Answer>, "answer">,
  ): ConsoleOperation<Method, Path, Query, Body, Answer> => operation;
}

/** The answer of the use case a route calls: declared from its type, so a change there reaches the pages. */
export type ResultOf<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

export type AnswerOf<O> = O extends ConsoleOperation<ConsoleMethod, string, infer _Q, infer _B, infer A> ? A : never;
/** What the client sends: the schema's input (before defaults and trimming). */
export type BodyOf<O> =
  O extends ConsoleOperation<ConsoleMethod, string, infer _Q, infer B>
    ? B extends z.ZodType
      ? z.input<B>
      : never
    : never;

/** The arguments after the operation: its parameters when its path has any, else nothing. */
export type ParamsArg<O extends ConsoleOperation> = [ParamNames<O["path"]>] extends [never]
  ? []
  : [params: PathParams<O["path"]>];

/** The operation's address with each `{name}` replaced by its value, percent-encoded. */
export function consolePath<O extends ConsoleOperation>(operation: O, ...[params]: ParamsArg<O>): string {
  return fillPath(operation, params ?? {});
}

/** consolePath for helpers that hold the parameters as one object, whatever the operation. */
export function fillPath<Path extends string>(operation: { path: Path }, params: PathParams<Path>): string {
  const values = params as Record<string, string>;
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${operation.path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}
