// Walks a sign-in through the stand-in over real HTTP, as a browser without JavaScript would: it
// follows redirects by hand with a small cookie jar (the provider binds an interaction to its
// cookies), reads the login page, submits its form, and stops at the first redirect to the
// client's redirect URI, whose address (with code or error) it returns for the relying party.
import { fullName, type TestPerson } from "./test-persons.ts";
import type { MitIdLevel } from "./levels.ts";

export type LoginChoice = { person: TestPerson; level: MitIdLevel } | "cancel";

/** Cookies by name for one host, enough for the provider's session and interaction cookies. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", setting = ""] = attribute.trim().split("=");
        if (key.toLowerCase() === "max-age") return Number(setting) <= 0;
        if (key.toLowerCase() === "expires") return new Date(setting).getTime() <= Date.now();
        return false;
      });
      if (expired || !value) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export interface LoginWalk {
  /** The login page's HTML, as it was served. */
  loginPage: string;
  /** The address the stand-in sent the browser back to (the client's redirect URI with its answer). */
  callbackUrl: string;
}

async function request(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    redirect: "manual",
    headers: { ...(init.headers as Record<string, string> | undefined), cookie: jar.header() },
  });
  jar.take(response);
  return response;
}

/** Follows redirects from `url` until one leaves the stand-in (returned) or a page is served. */
async function follow(jar: CookieJar, url: string, standInOrigin: string, response?: Response) {
  let current = url;
  let answer = response ?? (await request(jar, current));
  for (let hops = 0; hops < 10; hops++) {
    const location = answer.headers.get("location");
    if (answer.status < 300 || answer.status >= 400 || !location) return { url: current, response: answer };
    current = new URL(location, current).href;
    if (new URL(current).origin !== standInOrigin) return { url: current, response: null };
    answer = await request(jar, current);
  }
  throw new Error("too many redirects");
}

export async function driveLogin(
  authorizationUrl: string,
  choice: LoginChoice,
  jar = new CookieJar(),
): Promise<LoginWalk> {
  const origin = new URL(authorizationUrl).origin;
  const page = await follow(jar, authorizationUrl, origin);
  if (!page.response || page.response.status !== 200) {
    throw new Error(`the login page did not open (${page.response?.status ?? "left the stand-in"}) at ${page.url}`);
  }
  const loginPage = await page.response.text();
  if (choice !== "cancel" && !loginPage.includes(fullName(choice.person))) {
    throw new Error(`the login page does not offer ${fullName(choice.person)}`);
  }
  const form =
    choice === "cancel"
      ? new URLSearchParams({ action: "cancel" })
      : new URLSearchParams({ person: choice.person.id, level: choice.level, action: "sign-in" });
  const submitted = await request(jar, page.url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  const back = await follow(jar, page.url, origin, submitted);
  if (back.response) throw new Error(`the stand-in did not send the browser back (${back.response.status})`);
  return { loginPage, callbackUrl: back.url };
}
