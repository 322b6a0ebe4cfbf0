// Process-wide settings read from the environment.

/** The origin used in the redirect addresses the API returns (hosted pages). */
export function publicBaseUrl(): string {
  const configured = process.env.PUBLIC_BASE_URL ?? `http://localhost:${process.env.PORT ?? "3000"}`;
  return configured.replace(/\/+$/, "");
}
