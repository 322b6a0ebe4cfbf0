// The test instruments of the simulated bank's page, like a card processor's test cards: one
// approves, one is declined, one asks the payer to confirm with their bank (3-D Secure), and the
// wallet asks for approval in its app. Nothing here is a real card.

export type InstrumentBehaviour = "approved" | "declined" | "confirmation";

export interface TestInstrument {
  id: string;
  kind: "card" | "wallet";
  /** Card brand or wallet name, e.g. "Visa". */
  brand: string;
  /** Last four digits of a card; null for a wallet. */
  last4: string | null;
  behaviour: InstrumentBehaviour;
  /** Where a confirmation happens: the card's bank page, or the wallet's app. */
  confirmsIn: "bank" | "app" | null;
}

export const TEST_INSTRUMENTS: readonly TestInstrument[] = [
  { id: "card-4242", kind: "card", brand: "Visa", last4: "4242", behaviour: "approved", confirmsIn: null },
  { id: "card-3220", kind: "card", brand: "Visa", last4: "3220", behaviour: "confirmation", confirmsIn: "bank" },
  { id: "card-0002", kind: "card", brand: "Mastercard", last4: "0002", behaviour: "declined", confirmsIn: null },
  { id: "wallet", kind: "wallet", brand: "Mobile wallet", last4: null, behaviour: "confirmation", confirmsIn: "app" },
];

export const testInstrument = (id: string): TestInstrument | undefined => TEST_INSTRUMENTS.find((i) => i.id === id);
