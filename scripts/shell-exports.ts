// The variables the `npm run dev` / `npm start` banner prints as lines to paste into a terminal. The
// README's curl examples, docs/sdk.md's quick start, the example marketplace and `cli listen` all
// read these names, so that every example follows the port and the token of the server that runs.
export function shellExports(appUrl: string, token?: string): string[] {
  return [
    ...(token ? [`export ESCROW_TOKEN=${token}`] : []),
    `export ESCROW_BASE_URL=${appUrl}`,
    `export ESCROW_API=${appUrl}/api/v1`,
  ];
}
