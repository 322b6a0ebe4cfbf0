// The console's address, from the App Router's hooks. With a pages/ folder in the app (the hosted
// pages and /docs, components/static-page.tsx) Next types these hooks as possibly null, as they
// are under the Pages Router; the console renders only under the App Router, where they never are.
import { usePathname, useSearchParams, type ReadonlyURLSearchParams } from "next/navigation";

export function useConsoleSearchParams(): ReadonlyURLSearchParams {
  const params = useSearchParams();
  if (!params) throw new Error("The console renders under the App Router only");
  return params;
}

export function useConsolePathname(): string {
  const pathname = usePathname();
  if (pathname === null) throw new Error("The console renders under the App Router only");
  return pathname;
}
