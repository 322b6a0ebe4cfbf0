// An integer field whose values are codes (the Trade's iconId, action type, timeline state,
// labelPaidBy): documented as an enum of its codes with their names, so that a generated client
// gets a union of the codes and their meanings instead of a bare number. The codes come from the
// constants the serializers use (lib/trades/presentation/codes.ts), so the document cannot drift.
import { z } from "zod";

const words = (name: string) => name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

export function codedInteger(codes: Readonly<Record<string, number>>, what: string) {
  const entries = Object.entries(codes).sort(([, a], [, b]) => a - b);
  return z
    .number()
    .int()
    .meta({
      description:
        `${what}: ${entries.map(([name, code]) => `${code} = ${words(name)}`).join(", ")}. New codes ` +
        `may be added; treat an unknown one as the nearest general case.`,
      // x-enum-varnames: the names openapi-generator and openapi-typescript give the codes.
      override: { enum: entries.map(([, code]) => code), "x-enum-varnames": entries.map(([name]) => name) },
    });
}
