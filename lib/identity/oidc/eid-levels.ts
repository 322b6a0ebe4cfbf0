// The eID assurance levels (eIDAS low, substantial, high; MitID names its levels the same) and how
// a broker's claim value becomes one. Brokers spell the level differently: Idura/Criipto and
// Signicat send `urn:grn:authn:dk:mitid:substantial`, the Nets eID broker an NSIS URL ending in
// `/Substantial`, and a broker-specific claim may hold the bare word. Only the last segment is
// read, so all three are the same level; anything else is no level at all, never a guess.

export const EID_LEVELS = ["low", "substantial", "high"] as const;
export type EidLevel = (typeof EID_LEVELS)[number];

/** The value sent as acr_values for a level, in the URN form the MitID brokers accept. */
export function mitIdAcrValue(level: EidLevel): string {
  return `urn:grn:authn:dk:mitid:${level}`;
}

/** The level a claim value names, or null when it names none of them. */
export function eidLevelFromClaim(value: unknown): EidLevel | null {
  if (typeof value !== "string") return null;
  const last = value.split(/[:/]/).pop()?.trim().toLowerCase();
  return EID_LEVELS.find((level) => level === last) ?? null;
}

/** Levels are ordered: a sign-in at high satisfies a request for substantial, not the other way. */
export function meetsEidLevel(reached: EidLevel, asked: EidLevel): boolean {
  return EID_LEVELS.indexOf(reached) >= EID_LEVELS.indexOf(asked);
}
