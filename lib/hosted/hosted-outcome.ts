// What a hosted form's action decides: leave the page (null: the tenant gave no address, the page
// then says the flow is done), or show the page again with a message (an i18n key), a notice of
// what was done (an action code), and the remembered eID sign-in's cookie to set.
export type HostedOutcome =
  { done: string | null } | { back: true; error?: string; notice?: number; cookieToken?: string };
