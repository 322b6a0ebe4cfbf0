// The people a tester can sign in as. Each has a fixed subject, as a broker gives one person the
// same pseudonymous `sub` every time (per client), so a test can sign the same person in twice and
// expect the same account. No CPR numbers: the relying party never reads one.

export interface TestPerson {
  /** What the login page's form sends, and what a test names. */
  id: string;
  /** The `sub` claim: stable, pseudonymous, shaped like the brokers' UUIDs. */
  subject: string;
  givenName: string;
  familyName: string;
  /** YYYY-MM-DD, or null for a person whose birthdate the broker does not send. */
  birthdate: string | null;
}

export const DEFAULT_TEST_PERSONS: readonly TestPerson[] = [
  {
    id: "mette",
    subject: "7c1a4f0e-3b52-4f1d-9a0e-5d2c8b6e1a01",
    givenName: "Mette",
    familyName: "Hansen",
    birthdate: "1984-03-12",
  },
  {
    id: "anders",
    subject: "2e9b7d31-8c44-4a6f-b1d2-0f3e5a7c9b02",
    givenName: "Anders",
    familyName: "Holm",
    birthdate: "1979-11-02",
  },
  {
    id: "sofie",
    subject: "b4d80c6a-1f27-4e39-8a5b-6c7d9e0f1a03",
    givenName: "Sofie",
    familyName: "Lund",
    birthdate: "2001-06-30",
  },
  {
    id: "jonas",
    subject: "e5f6a7b8-9c0d-4e1f-a2b3-c4d5e6f7a804",
    givenName: "Jonas",
    familyName: "Berg",
    birthdate: null,
  },
];

export function fullName(person: TestPerson): string {
  return `${person.givenName} ${person.familyName}`;
}
