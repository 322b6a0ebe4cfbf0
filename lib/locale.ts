// The languages the hosted pages, timelines and money texts are written in.
export type Locale = "en" | "da";

/** The tag Intl formats numbers and dates with for each locale. */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-GB", da: "da-DK" };
