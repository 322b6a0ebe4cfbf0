"use client";
// A console list's data: its filters and paging live in the address (shareable, the back button
// works), the page is fetched with TanStack Query from the list's /console/api endpoint, and the
// previous page stays on screen while the next loads.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useConsoleSearchParams } from "./address.ts";
import { fillPath, type AnswerOf, type ConsoleOperation, type PathParams } from "@/lib/console/operations/operation.ts";
import { useAddressUpdate } from "./use-address-update.ts";

/** A list's endpoint: a GET whose query is the address's parameters (and whose path has none). */
type ListOperation = ConsoleOperation<"GET">;

export interface ListQueryOptions<O extends ListOperation> {
  /** The endpoint (e.g. tradeList); the address's parameters are its query. */
  operation: O;
  /** Keys that page the list; changing any other key starts again at the top. */
  pagingKeys: readonly string[];
  /** Address keys that are not the list's (e.g. an open detail panel), left out of the query. */
  ignoredKeys?: readonly string[];
  /** Refetch every so many ms while this says so (e.g. while deliveries are pending). */
  refetchInterval?: (data: AnswerOf<O> | undefined) => number | false;
}

/**
 * Reads a console endpoint's JSON, with `query` as its query string when given; a refusal is an
 * error the list shows as its error state.
 */
export async function consoleGet<O extends ConsoleOperation<"GET">>(
  operation: O,
  params: PathParams<O["path"]>,
  query?: string,
): Promise<AnswerOf<O>> {
  const path = fillPath(operation, params) + (query === undefined ? "" : `?${query}`);
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path} answered ${response.status}.`);
  return response.json() as Promise<AnswerOf<O>>;
}

export function useListQuery<O extends ListOperation>({
  operation,
  pagingKeys,
  ignoredKeys = [],
  refetchInterval,
}: ListQueryOptions<O>) {
  const path = operation.path;
  // A list has no path parameters: its filters are the query.
  const noParams = {} as PathParams<O["path"]>;
  const params = useConsoleSearchParams();
  const listParams = new URLSearchParams(params);
  for (const key of ignoredKeys) listParams.delete(key);
  const query = listParams.toString();
  const result = useQuery<AnswerOf<O>>({
    queryKey: [path, query],
    queryFn: () => consoleGet(operation, noParams, query),
    placeholderData: keepPreviousData,
    refetchInterval: refetchInterval ? (q) => refetchInterval(q.state.data) : undefined,
  });
  const update = useAddressUpdate(pagingKeys);
  return { data: result.data, isFetching: result.isFetching, isError: result.isError, params, update };
}

/** The address's parameters, as a list's parts read them. */
export type ListParams = Pick<URLSearchParams, "get">;
/** Sets or (with an empty value) removes address keys; see useAddressUpdate. */
export type ListUpdate = ReturnType<typeof useAddressUpdate>;
