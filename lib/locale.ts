// The languages the hosted pages, timelines and money texts are written in.
export type Locale = "en" | "da";
