// Shipmondo (CARRIERS or CARRIERS_LIVE=shipmondo): the API user and key are there and one real
// authenticated call succeeds, the webhook key is there, and the webhook URL is printed. The call
// is GET /webhooks (Shipmondo's published "List all webhooks", served by the tests' stand-in):
// it changes nothing, proves the credentials, and answers whether a Shipment Monitor webhook
// already sends to our URL, which would otherwise only show when a parcel's news never arrives.
// It goes through the adapter's own client (lib/shipping/shipmondo/client.ts), whose errors never
// carry the credentials; the details here are still built from the error's kind alone.
import { publicBaseUrl } from "../config.ts";
import { createShipmondoClient } from "../shipping/shipmondo/client.ts";
import { SHIPMONDO_PRODUCTION_URL, ShipmondoError } from "../shipping/shipmondo/shipmondo-carrier.ts";
import { liveChoice } from "./live-choices.ts";
import { fail, pass, warn, type Check, type LiveCheckTarget, type Section } from "./report.ts";
import { secretCheck, settingCheck } from "./setting-checks.ts";

const CALL = "API call (GET /webhooks)";
const CREDENTIALS = ["SHIPMONDO_API_USER", "SHIPMONDO_API_KEY"];

function apiBase(target: LiveCheckTarget): { base: string; check: Check | null } {
  const base = (process.env.SHIPMONDO_API_BASE?.trim() || SHIPMONDO_PRODUCTION_URL).replace(/\/+$/, "");
  if (base === SHIPMONDO_PRODUCTION_URL) return { base, check: null };
  const detail = `set to ${base}, not Shipmondo's production API (${SHIPMONDO_PRODUCTION_URL})`;
  const liveLabels = liveChoice("CARRIERS").provider === "shipmondo";
  return {
    base,
    check:
      target === "live" && liveLabels
        ? fail("SHIPMONDO_API_BASE", `${detail}: live labels would not be real; unset it`, ["SHIPMONDO_API_BASE"])
        : pass("SHIPMONDO_API_BASE", detail, ["SHIPMONDO_API_BASE"]),
  };
}

function refusal(error: unknown, base: string): Check {
  if (!(error instanceof ShipmondoError)) return fail(CALL, "the call failed", CREDENTIALS);
  if (error.kind === "unauthorized") {
    return fail(
      CALL,
      `Shipmondo refused the API user and key (${error.status}): check SHIPMONDO_API_USER and SHIPMONDO_API_KEY`,
      CREDENTIALS,
    );
  }
  if (error.kind === "unreachable" || error.kind === "timeout") {
    return fail(CALL, `Shipmondo could not be reached at ${base} (${error.kind})`, ["SHIPMONDO_API_BASE"]);
  }
  return fail(CALL, `Shipmondo answered ${error.status ?? error.kind}: check SHIPMONDO_API_BASE (${base})`, [
    "SHIPMONDO_API_BASE",
  ]);
}

interface Webhook {
  endpoint?: unknown;
  active?: unknown;
  resource_name?: unknown;
}

function webhookCheck(webhooks: Webhook[], url: string): Check {
  const ours = webhooks.filter((webhook) => webhook.endpoint === url && webhook.active !== false);
  if (ours.some((webhook) => webhook.resource_name === "Shipment Monitor")) {
    return pass("webhook at Shipmondo", `a Shipment Monitor webhook sends to ${url}`, []);
  }
  return warn(
    "webhook at Shipmondo",
    `no active Shipment Monitor webhook sends to ${url} yet: create one with SHIPMONDO_WEBHOOK_KEY as its key`,
    ["SHIPMONDO_WEBHOOK_KEY"],
  );
}

export async function checkShipmondo(target: LiveCheckTarget): Promise<Section> {
  const user = settingCheck("SHIPMONDO_API_USER", "the API user of the Shipmondo account (its API settings)");
  const key = secretCheck("SHIPMONDO_API_KEY", "the API key that goes with SHIPMONDO_API_USER");
  const webhookKey = secretCheck("SHIPMONDO_WEBHOOK_KEY", "the key Shipmondo signs the webhook's messages with");
  const url = `${publicBaseUrl()}/carrier-events/shipmondo`;
  const { base, check: baseCheck } = apiBase(target);
  const checks: Check[] = [user.check, key.check, ...(baseCheck ? [baseCheck] : [])];
  let webhooks: Webhook[] | null = null;
  if (user.value && key.value) {
    try {
      const answer = await createShipmondoClient({
        baseUrl: base,
        apiUser: user.value,
        apiKey: key.value,
        timeoutMs: 10_000,
      }).call("GET", "/webhooks", { query: { per_page: 50 } });
      webhooks = Array.isArray(answer.body) ? (answer.body as Webhook[]) : [];
      checks.push(
        pass(
          CALL,
          `Shipmondo accepted the API user and key (${webhooks.length} webhook(s) on the account)`,
          CREDENTIALS,
        ),
      );
    } catch (error) {
      checks.push(refusal(error, base));
    }
  }
  checks.push(webhookKey.check);
  if (webhooks) checks.push(webhookCheck(webhooks, url));
  return {
    id: "shipmondo",
    title: "Shipmondo (carriers)",
    checks,
    register: [{ what: "webhook (Shipment Monitor, action latest) → SHIPMONDO_WEBHOOK_KEY", url }],
  };
}
