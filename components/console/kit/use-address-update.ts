"use client";
// Filters and paging of the console's lists live in the address. A change is built on the newest
// address we asked for, not on the last render's search params: router.replace commits in a
// transition, so two quick changes (a filter, then another before the first has rendered) would
// otherwise both start from the old address and the first would be lost.
import { useRouter } from "next/navigation";
import { useConsoleSearchParams, useConsolePathname } from "./address.ts";
import { useCallback, useEffect, useRef } from "react";

/**
 * Returns `update(changes, method)`: sets or (with an empty value) removes the given keys. When none
 * of the changed keys is one of `pagingKeys`, those are removed too, so a new filter starts at the top.
 */
export function useAddressUpdate(pagingKeys: readonly string[]) {
  const router = useRouter();
  const pathname = useConsolePathname();
  const current = useConsoleSearchParams().toString();
  const pending = useRef<string | null>(null);
  // By value, so a caller may pass a fresh array each render and still get the same function.
  const paging = pagingKeys.join(" ");

  // Once the address we asked for has rendered, or the user went back or forward, the render's
  // address is the newest again.
  useEffect(() => {
    if (pending.current === current) pending.current = null;
  }, [current]);
  useEffect(() => {
    const reset = () => (pending.current = null);
    window.addEventListener("popstate", reset);
    return () => window.removeEventListener("popstate", reset);
  }, []);

  return useCallback(
    (changes: Record<string, string | undefined>, method: "push" | "replace" = "replace") => {
      const next = new URLSearchParams(pending.current ?? window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      const pagingKeyList = paging ? paging.split(" ") : [];
      if (!Object.keys(changes).some((key) => pagingKeyList.includes(key)))
        for (const key of pagingKeyList) next.delete(key);
      pending.current = next.toString();
      const url = `${pathname}?${next}`;
      if (method === "push") router.push(url, { scroll: false });
      else router.replace(url, { scroll: false });
    },
    [pathname, router, paging],
  );
}
