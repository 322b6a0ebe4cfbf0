// ESLint flat config (Next 16 has no `next lint`): Next's core-web-vitals and TypeScript rules.
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// The layers, bottom up (docs/architecture.md draws them). A layer imports only from the layers
// below it; a wrong import fails `npm run lint`.
const FOUNDATION = [
  "lib/errors.ts",
  "lib/schemas",
  "lib/db",
  "lib/money",
  "lib/crypto",
  "lib/clock.ts",
  "lib/config.ts",
  "lib/dates.ts",
  "lib/locale.ts",
  "lib/prepared-json.ts",
  "lib/i18n",
  // Logs, metrics, traces, health and the shutdown drain: every layer reports through them. A
  // gauge that needs a use case's knowledge is added from that layer (lib/jobs/deadline-metrics.ts).
  "lib/ops",
];
const DOMAINS = [
  "lib/auth",
  "lib/balance",
  "lib/business-users",
  "lib/exports",
  "lib/hosted-links",
  "lib/identity",
  "lib/integrity",
  "lib/jobs",
  "lib/payments",
  "lib/payouts",
  "lib/rate-limits",
  "lib/sandbox",
  "lib/shipping",
  "lib/tenants",
  "lib/trades",
  "lib/users",
  "lib/webhooks",
  "lib/outside-parties.ts",
];
const ADAPTERS = ["lib/api", "lib/http", "lib/console", "lib/hosted", "app", "components"];
/** Every entry of lib/ is in exactly one layer (tests/unit/import-layers.test.ts holds it to that). */
export const LAYERS = { FOUNDATION, DOMAINS, ADAPTERS };
const layerZones = [
  ...DOMAINS.map((target) => ({
    target: `./${target}`,
    from: ADAPTERS.map((from) => `./${from}`),
    message:
      "Use cases do not import the API, HTTP, console or hosted-page layers: those call the use cases (docs/architecture.md, Layers).",
  })),
  ...FOUNDATION.map((target) => ({
    target: `./${target}`,
    from: [...DOMAINS, ...ADAPTERS].map((from) => `./${from}`),
    message:
      "Errors, schemas, the database client, money, the words and lib/ops (logs, metrics, traces) sit below the use cases and import none of them (docs/architecture.md, Layers).",
  })),
];

// The database is reached three ways, each for its own reason (docs/architecture.md, "Reaching the
// database"). The driver (lib/db/sql.ts) is for the API's hottest statements only, each compared
// with Prisma's own reads by a test; SQL text is always a constant with bound parameters.
const DRIVER_USERS = [
  "lib/trades/trade-reads.ts",
  "lib/trades/insert-initiated-trade.ts",
  "lib/auth/token-lookups.ts",
  "lib/trades/transition-trade.ts",
  "lib/api/write-request-log.ts",
  "lib/trades/lock-trade.ts",
  "lib/trades/act-on-trade.ts",
  "lib/shipping/apply-tracking-event.ts",
  "lib/payments/accept-and-pay.ts",
  "lib/payments/complete-payment.ts",
  "lib/shipping/buy-shipment.ts",
  "lib/shipping/issue-label.ts",
  "lib/money/ledger.ts",
  "lib/trades/cancel-trade.ts",
  "lib/trades/settle-trade.ts",
  "lib/hosted/checkout-flow.ts",
  "lib/console/trades/staff-trade-actions.ts",
  "lib/jobs/fire-deadlines.ts",
  "lib/payouts/pay-out-trade.ts",
  "lib/payouts/payout-recipient.ts",
  "lib/trades/trade-events.ts",
  "lib/trades/distinct-parties.ts",
  "lib/db/**",
];
const driverRule = {
  "no-restricted-imports": [
    "error",
    {
      patterns: [
        {
          group: ["**/db/sql.ts", "**/db/sql"],
          // The Sql type may travel (a use case hands its transaction to transitionTrade); running
          // statements on the driver is what is restricted.
          allowTypeImports: true,
          message:
            "The driver is for the API's hot path only (docs/architecture.md, Reaching the database): use Prisma's models, or $queryRaw inside a transaction.",
        },
      ],
    },
  ],
  "no-restricted-syntax": [
    "error",
    {
      selector: "MemberExpression[property.name=/^\\$(queryRaw|executeRaw)Unsafe$/]",
      message: "SQL text is a constant: use the $queryRaw/$executeRaw template (values become bound parameters).",
    },
  ],
};

const config = [
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".data/**",
      "lib/db/generated/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      "sdk/dist/**",
      "sdk/node_modules/**",
    ],
  },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    rules: { "import/no-restricted-paths": ["error", { zones: layerZones }] },
  },
  {
    files: ["lib/**/*.ts", "lib/**/*.tsx", "app/**/*.ts", "app/**/*.tsx", "components/**/*.tsx"],
    ignores: DRIVER_USERS,
    rules: driverRule,
  },
  {
    // The SDK is a package of its own, and the example marketplace a tenant's app: neither may
    // reach into the service's code (the example uses the SDK alone, as a tenant would).
    files: ["sdk/**/*.ts", "examples/**/*.ts"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: ["./sdk", "./examples"].map((target) => ({
            target,
            from: ["./lib", "./app", "./components", "./scripts", "./prisma", "./tests"],
            message: "The SDK and the examples use the API over HTTP, never the service's code (docs/sdk.md).",
          })),
        },
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/*"],
              message: "The SDK and the examples use the API over HTTP, never the service's code (docs/sdk.md).",
            },
          ],
        },
      ],
    },
  },
];

export default config;
