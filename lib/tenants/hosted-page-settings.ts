// The tenant settings that shape its hosted pages and where they may send users: the name and
// brand colour shown, the default language, and the allowed redirect origins (https origins, or
// app schemes as `yourapp://`). One validation for the CLI now and the console later.
import type { Db } from "../db/client.ts";
import { isRefusedAppScheme } from "../schemas/refused-url-schemes.ts";

export interface HostedPageSettings {
  brandName?: string | null;
  brandColor?: string | null;
  locale?: "en" | "da";
  allowedRedirectOrigins?: string[];
}

/** Checks and normalises the settings; throws an Error naming the first problem. */
export function checkHostedPageSettings(input: HostedPageSettings): HostedPageSettings {
  const out: HostedPageSettings = {};
  if (input.brandName !== undefined) {
    const name = input.brandName?.trim() ?? "";
    if (name.length > 80) throw new Error("The brand name must be at most 80 characters.");
    out.brandName = name || null;
  }
  if (input.brandColor !== undefined) {
    const color = input.brandColor?.trim() ?? "";
    if (color && !/^#[0-9a-fA-F]{6}$/.test(color))
      throw new Error("The brand colour must be a hex colour such as #0f766e.");
    out.brandColor = color ? color.toLowerCase() : null;
  }
  if (input.locale !== undefined) {
    if (input.locale !== "en" && input.locale !== "da") throw new Error("The language must be en or da.");
    out.locale = input.locale;
  }
  if (input.allowedRedirectOrigins !== undefined)
    out.allowedRedirectOrigins = input.allowedRedirectOrigins.map(normaliseRedirectOrigin);
  return out;
}

/** `https://shop.example` (an origin: no path), `http://localhost:3000` (sandbox), or `yourapp://`. */
export function normaliseRedirectOrigin(value: string): string {
  const trimmed = value.trim();
  const app = /^([a-z][a-z0-9+.-]*):\/\/$/i.exec(trimmed);
  if (app && isRefusedAppScheme(app[1]!))
    throw new Error(`${JSON.stringify(value)}: the ${app[1]!.toLowerCase()} scheme cannot be an app's return address.`);
  if (app && !["http", "https"].includes(app[1]!.toLowerCase())) return `${app[1]!.toLowerCase()}://`;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new Error(
      `${JSON.stringify(value)} is not an origin such as https://shop.example or an app scheme such as yourapp://.`,
    );
  }
  const bare =
    url.pathname === "/" &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !trimmed.replace(/^[a-z]+:\/\/[^/]*/i, "").replace(/^\/$/, "");
  if ((url.protocol !== "https:" && url.protocol !== "http:") || !bare) {
    throw new Error(
      `${JSON.stringify(value)} is not an origin such as https://shop.example (no path) or an app scheme such as yourapp://.`,
    );
  }
  return url.origin;
}

export async function updateHostedPageSettings(db: Db, tenantId: string, input: HostedPageSettings) {
  const data = checkHostedPageSettings(input);
  const tenant = await db.tenant.update({
    where: { id: tenantId },
    data,
    select: { id: true, name: true, brandName: true, brandColor: true, locale: true, allowedRedirectOrigins: true },
  });
  return {
    tenantId: tenant.id,
    name: tenant.name,
    brandName: tenant.brandName,
    brandColor: tenant.brandColor,
    locale: tenant.locale,
    allowedRedirectOrigins: tenant.allowedRedirectOrigins,
  };
}
