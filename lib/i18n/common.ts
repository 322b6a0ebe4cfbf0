// What every language's words share: the service's name, and the shapes of a party's status and a
// timeline step (the trade's words use them).

export const SERVICE_NAME = "Marketplace Escrow";

/** What a party's status says: its title, a sentence, and, where a deadline concerns the party,
 *  what happens when it passes (the status shows the deadline only when this is given). */
export interface PartyStatusText {
  title: string;
  description: string;
  deadline?: string;
}

/** A step of the trade's timeline; the description differs by party where the party matters. */
export interface TimelineStepText {
  title: string;
  description: string | { payer: string; payee: string };
}
