// Which redirect addresses a tenant may send its users to (decisions.md §2): absolute https,
// http only to loopback and only in sandbox, and once the tenant registered allowed origins, only
// those. Live tokens require a registered origin: an unregistered redirect is an open redirect.
import type { z } from "zod";
import { staticAppSwitchProblem, staticRedirectProblem, type AppSwitch } from "../schemas/common.ts";
import { AppError } from "../errors.ts";
import type { ApiMode } from "../db/generated/enums.ts";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname.endsWith(".localhost");
}

/** Returns the normalised address, or throws a validation error on `key`. */
export function checkRedirectUrl(
  tenant: { allowedRedirectOrigins: string[] },
  mode: ApiMode,
  key: string,
  value: string,
): string {
  const fail = (message: string) => AppError.field(key, message);
  const problem = staticRedirectProblem(value);
  if (problem) throw fail(problem);
  const url = new URL(value);
  if (url.protocol === "http:" && !(mode === "test" && isLoopbackHost(url.hostname))) {
    throw fail("Must use https (http is allowed only for localhost with a test token).");
  }

  const allowed = tenant.allowedRedirectOrigins;
  if (allowed.length > 0 && !allowed.includes(url.origin)) {
    throw fail(`The origin ${url.origin} is not one of your registered redirect origins.`);
  }
  if (allowed.length === 0 && mode === "live") {
    throw fail("Register at least one allowed redirect origin in the console before using live tokens.");
  }
  return url.toString();
}

/**
 * The app switch of a request, checked against the tenant's registered origins: an https callback
 * like any redirect address; an app scheme (yourapp://…) must be registered as `yourapp://` once
 * any origin is registered, and live tokens require that.
 */
export function checkAppSwitch(
  tenant: { allowedRedirectOrigins: string[] },
  mode: ApiMode,
  appSwitch: z.output<typeof AppSwitch> | undefined,
) {
  if (!appSwitch) return undefined;
  const key = "appSwitch.appSwitchCallbackUri";
  const value = appSwitch.appSwitchCallbackUri;
  const problem = staticAppSwitchProblem(value);
  if (problem) throw AppError.field(key, problem);
  const url = new URL(value);
  if (url.protocol === "https:" || url.protocol === "http:")
    return { ...appSwitch, appSwitchCallbackUri: checkRedirectUrl(tenant, mode, key, value) };

  const scheme = `${url.protocol.toLowerCase()}//`;
  const allowed = tenant.allowedRedirectOrigins.map((origin) => origin.toLowerCase());
  if (allowed.length > 0 && !allowed.includes(scheme)) {
    throw AppError.field(key, `The app scheme ${scheme} is not one of your registered redirect origins.`);
  }
  if (allowed.length === 0 && mode === "live") {
    throw AppError.field(
      key,
      `Register your app scheme (${scheme}) as an allowed redirect origin in the console before using live tokens.`,
    );
  }
  return appSwitch;
}
