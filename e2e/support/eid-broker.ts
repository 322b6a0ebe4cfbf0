// The eID broker's login page (the OpenID stand-in of tests/stand-ins/oidc) as a person uses it in
// the live specs: who they are, the level they reach, and sign in (or cancel).
import { expect, type Page } from "@playwright/test";

export type BrokerChoice = { person: string; level: "substantial" | "high" | "low" } | "cancel";

export async function atBroker(page: Page, choice: BrokerChoice) {
  await expect(page.getByRole("button", { name: "Cancel" })).toBeVisible();
  if (choice === "cancel") return page.getByRole("button", { name: "Cancel" }).click();
  await page.getByLabel(choice.person).check();
  await page.getByLabel("Level reached").selectOption(choice.level);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** From our connect page through the broker and back, declaring the postal address MitID does not give. */
export async function connectAtBroker(
  page: Page,
  link: string,
  person: { name: string; street: string; postalCode: string; city: string },
) {
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in with eID" }).click();
  await atBroker(page, { person: person.name, level: "substantial" });
  await expect(page.getByText(person.name, { exact: true })).toBeVisible();
  await page.getByLabel("Street and house number").fill(person.street);
  await page.getByLabel("Postal code").fill(person.postalCode);
  await page.getByLabel("Town or city").fill(person.city);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
}
