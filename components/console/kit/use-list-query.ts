"use client";
// A console list's data: its filters and paging live in the address (shareable, the back button
// works), the page is fetched with TanStack Query from the list's /console/api endpoint, and the
// previous page stays on screen while the next loads.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useAddressUpdate } from "./use-address-update.ts";

export interface ListQueryOptions<T> {
  /** The endpoint, e.g. /console/api/trades; the address's parameters are its query. */
  path: string;
  /** Keys that page the list; changing any other key starts again at the top. */
  pagingKeys: readonly string[];
  /** Address keys that are not the list's (e.g. an open detail panel), left out of the query. */
  ignoredKeys?: readonly string[];
  /** Refetch every so many ms while this says so (e.g. while deliveries are pending). */
  refetchInterval?: (data: T | undefined) => number | false;
}

/** Reads a console endpoint's JSON; a refusal is an error the list shows as its error state. */
export async function consoleGet<T>(path: string): Promise<T> {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path} answered ${response.status}.`);
  return response.json() as Promise<T>;
}

export function useListQuery<T>({ path, pagingKeys, ignoredKeys = [], refetchInterval }: ListQueryOptions<T>) {
  const params = useSearchParams();
  const listParams = new URLSearchParams(params);
  for (const key of ignoredKeys) listParams.delete(key);
  const query = listParams.toString();
  const result = useQuery<T>({
    queryKey: [path, query],
    queryFn: () => consoleGet<T>(`${path}?${query}`),
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
