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
  "lib/secret-setting.ts",
  "lib/dates.ts",
  "lib/locale.ts",
  "lib/prepared-json.ts",
  "lib/compiled-json.ts",
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
  "lib/live-check",
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
const ADAPTERS = ["lib/api", "lib/http", "lib/console", "lib/hosted", "app", "pages", "components"];
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

// The database is reached two ways, each for its own reason (docs/architecture.md, "Reaching the
// database"). The driver (lib/db/sql.ts) is for the trade's own store (lib/trades/store: its
// locks, its one transition statement, its ledger, payment, label and payout rows, and the API's
// hottest reads) and for the per-request statements of authentication and the request log;
// everything else uses Prisma. SQL text is always a constant with bound parameters.
const DRIVER_USERS = [
  "lib/db/**",
  "lib/trades/store/**",
  "lib/trades/with-locked-trade.ts",
  "lib/auth/token-lookups.ts",
  "lib/api/write-request-log.ts",
];
// A trade changes only through withLockedTrade (lib/trades/with-locked-trade.ts): nothing else may
// apply a transition's plan, and the locks are taken only by it.
const LOCKED_TRADE_FILES = ["lib/trades/with-locked-trade.ts", "lib/trades/store/**"];
const lockedTradeRule = {
  "no-restricted-imports": [
    "error",
    {
      patterns: [
        {
          group: ["**/trades/store/apply-plan.ts", "**/store/apply-plan.ts"],
          message:
            "A transition is applied only by withLockedTrade (lib/trades/with-locked-trade.ts): call tx.transition inside it.",
        },
      ],
    },
  ],
};
const driverRule = {
  "no-restricted-imports": [
    "error",
    {
      patterns: [
        {
          group: ["**/db/sql.ts", "**/db/sql"],
          // The Sql type may travel (a use case hands its transaction to the store); running
          // statements on the driver is what is restricted.
          allowTypeImports: true,
          message:
            "The driver is for the trade's store (docs/architecture.md, Reaching the database): put the statement in lib/trades/store, or use Prisma's models.",
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
    files: ["lib/**/*.ts", "lib/**/*.tsx", "app/**/*.ts", "app/**/*.tsx", "pages/**/*.tsx", "components/**/*.tsx"],
    ignores: DRIVER_USERS,
    rules: driverRule,
  },
  {
    files: [
      "lib/**/*.ts",
      "app/**/*.ts",
      "app/**/*.tsx",
      "pages/**/*.tsx",
      "components/**/*.tsx",
      "scripts/**/*.ts",
      "tests/**/*.ts",
    ],
    ignores: LOCKED_TRADE_FILES,
    rules: lockedTradeRule,
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
            from: ["./lib", "./app", "./pages", "./components", "./scripts", "./prisma", "./tests"],
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
