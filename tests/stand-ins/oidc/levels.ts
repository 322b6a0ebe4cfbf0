// The MitID levels the stand-in offers, as its own list: the stand-in plays the broker and knows
// nothing of the relying party's code (lib/identity/oidc), so a change there cannot change it.

export const MITID_LEVELS = ["low", "substantial", "high"] as const;
export type MitIdLevel = (typeof MITID_LEVELS)[number];

/** The acr value a broker in front of MitID answers (and accepts in acr_values). */
export function mitIdAcr(level: MitIdLevel): string {
  return `urn:grn:authn:dk:mitid:${level}`;
}

export function isMitIdLevel(value: unknown): value is MitIdLevel {
  return MITID_LEVELS.some((level) => level === value);
}

/** The level an acr_values request names (the first one the stand-in knows), if any. */
export function levelAsked(acrValues: unknown): MitIdLevel | null {
  if (typeof acrValues !== "string") return null;
  for (const value of acrValues.split(" ")) {
    const level = MITID_LEVELS.find((candidate) => mitIdAcr(candidate) === value);
    if (level) return level;
  }
  return null;
}
