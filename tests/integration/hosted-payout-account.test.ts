// The hosted payout account page's two ways out, through its real form routes: saving chooses the
// account and returns to returnUrl; Cancel and return (issue 33: the page had no way back) changes
// nothing, uses the link up, and returns to returnUrl with reason=cancelled.
import { describe, expect, it } from "vitest";
import { POST as payoutLink } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/payout-account/route.ts";
import { callRoute } from "../helpers/call-route.ts";
import { hostedBrowser } from "../helpers/hosted-browser.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const RETURN = "https://shop.example/account?notice=payout";

async function payoutAccountPage() {
  const tenant = await freshTenant();
  await tenantClient(tenant.testApiKey).connect("seller");
  const answer = await callRoute(payoutLink, {
    method: "POST",
    path: "/api/v1/marketplace/users/seller/payout-account",
    token: tenant.testApiKey,
    params: { marketplaceUserId: "seller" },
    body: { returnUrl: RETURN },
  });
  expect(answer.status).toBe(200);
  const account = () =>
    db.marketplaceUser
      .findFirstOrThrow({ where: { tenantId: tenant.tenantId, marketplaceUserId: "seller" } })
      .then((user) => db.serviceAccount.findUniqueOrThrow({ where: { id: user.serviceAccountId } }))
      .then((person) => person.bankAccountNumber);
  const session = () => db.hostedSession.findFirstOrThrow({ where: { tenantId: tenant.tenantId } });
  return { link: answer.json.redirectUrl as string, account, session };
}

describe("the hosted payout account page", () => {
  it("saves a new account and returns to returnUrl", async () => {
    const { link, account, session } = await payoutAccountPage();
    const browser = hostedBrowser();
    const saved = await browser.post(link, "save", { account: "new", accountNumber: "DK50 0040 0440 1162 43" });
    expect(saved.location).toBe(RETURN);
    expect(await account()).toBe("DK5000400440116243");
    expect((await session()).state).toBe("Completed");
  });

  it("goes back without saving: nothing changes, the link is used up, and the return says cancelled", async () => {
    const { link, account, session } = await payoutAccountPage();
    const before = await account();
    const browser = hostedBrowser();
    const cancelled = await browser.post(link, "cancel");
    expect(cancelled.location).toBe(`${RETURN}&reason=cancelled`);
    expect((await session()).state).toBe("Cancelled");
    // A save sent afterwards (another tab, a replay) changes nothing either.
    await browser.post(link, "save", { account: "new", accountNumber: "DK50 0040 0440 1162 43" });
    expect(await account()).toBe(before);
    expect((await session()).state).toBe("Cancelled");
  });
});
