/**
 * The layering of README.md's layout table as a check (`npm run check:layers`): a file's path says what it may
 * import. Type-only imports count too: a browser bundle that names a server type is one refactor away from
 * pulling in server code.
 */

/** Test code: unit tests beside the code, shared helpers, browser journeys, benchmarks. */
const TEST_CODE = ['\\.test\\.tsx?$', '(^|/)testing/', '^e2e/', '^bench/'];

/** server/'s domains: each holds its routes, verbs, queries and tests (README "Layout"). */
const DOMAINS = [
  'checkout',
  'orders',
  'notifications',
  'operations',
  'refunds',
  'disputes',
  'payouts',
  'shopEvents',
  'team',
  'methods',
].join('|');

/** The one file in shared/ that needs Node (SHA-256 and a constant-time compare from node:crypto). */
const HASH_NODE = '^shared/gateway/hashNode\\.ts$';

/** shared/'s SQLite driver setup, which the backend's and the sandbox's stores share (Node only). */
const SQLITE_NODE = '^shared/sqlite/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-imports-only-shared',
      comment:
        'shared/ is the protocol and the contracts that both the browser and Node run; code from anywhere else ' +
        'would drag one side into the other (npm packages such as zod are fine).',
      severity: 'error',
      from: { path: '^shared/' },
      to: { dependencyTypesNot: ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'core'], pathNot: '^shared/' },
    },
    {
      name: 'shared-uses-no-node-builtins',
      comment:
        'shared/ runs in the browser too. hashNode.ts is the one Node-only file (the server and the sandbox ' +
        'import it, the browser never does); tests of shared/ run in Node.',
      severity: 'error',
      from: { path: '^shared/', pathNot: [HASH_NODE, ...TEST_CODE] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'browser-code-is-not-node-code',
      comment:
        'widget/ and admin/ are bundled for the browser: a Node builtin, the server, the sandbox, a script or ' +
        'the Node-only hash or SQLite driver would break the bundle or ship server code to shoppers. widget/build/ is excluded ' +
        'because it is the Vite build of the widget and runs in Node (it is never bundled); production widget ' +
        'code must not import it either.',
      severity: 'error',
      from: { path: '^(widget|admin)/', pathNot: ['^widget/build/', ...TEST_CODE] },
      to: {
        path: ['^server/', '^sandbox/', '^scripts/', '^widget/build/', HASH_NODE, SQLITE_NODE],
      },
    },
    {
      name: 'browser-code-uses-no-node-builtins',
      comment: 'See browser-code-is-not-node-code.',
      severity: 'error',
      from: { path: '^(widget|admin)/', pathNot: ['^widget/build/', ...TEST_CODE] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-does-not-import-sandbox',
      comment:
        'The sandbox is an independent implementation of the gateway side: if the backend shared its code, a ' +
        'misreading of the protocol would show up as agreement instead of a failing test. Tests reach the ' +
        'sandbox through testing/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^sandbox/' },
    },
    {
      name: 'sandbox-does-not-import-server',
      comment: 'See server-does-not-import-sandbox.',
      severity: 'error',
      from: { path: '^sandbox/' },
      to: { path: '^server/' },
    },
    {
      name: 'production-does-not-import-tests',
      comment:
        'Test helpers start processes, open ports and relax checks; production code that imports them ships ' +
        'them, and a test refactor could break production.',
      severity: 'error',
      from: { pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
    {
      name: 'node-code-does-not-import-browser-code',
      comment:
        'widget/ and admin/ are browser apps: the backend, the sandbox and the scripts share with them only ' +
        'what lives in shared/. widget/build/ is Node build code that scripts/build.ts runs.',
      severity: 'error',
      from: { path: '^(server|sandbox|scripts)/' },
      to: { path: '^(widget|admin)/', pathNot: '^widget/build/' },
    },
    {
      name: 'only-browser-tests-use-the-e2e-harness',
      comment:
        'e2e/ is the browser journeys and their harness; helpers that every test suite shares (start a sandbox, a ' +
        'backend, a fault proxy) live in testing/, so a unit or integration test never depends on e2e/.',
      severity: 'error',
      from: { pathNot: ['^e2e/', '^bench/'] },
      to: { path: '^e2e/' },
    },
    {
      name: 'server-package-imports-only-shared',
      comment:
        "packages/node/ is @checkout/node, the typed client a shop's own server installs: it carries the contract " +
        '(shared/) and Node builtins, never the backend, so using it pulls in nothing of the server ' +
        '(scripts/buildPackages.ts ships the shared/ files it imports inside the package).',
      severity: 'error',
      from: { path: '^packages/node/', pathNot: TEST_CODE },
      to: {
        dependencyTypesNot: ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'core'],
        pathNot: ['^shared/', '^packages/node/'],
      },
    },
    {
      name: 'the-web-entry-uses-no-node-builtins',
      comment:
        '@checkout/node/web (packages/node/src/web.ts) is for edge runtimes without Node builtins: only the ' +
        'synchronous verifyShopEvent.ts uses node:crypto, and only the Node entry (index.ts) imports it.',
      severity: 'error',
      from: { path: '^packages/node/src/', pathNot: ['^packages/node/src/verifyShopEvent\\.ts$', ...TEST_CODE] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'only-the-node-entry-imports-the-sync-verify',
      comment: 'See the-web-entry-uses-no-node-builtins.',
      severity: 'error',
      from: { path: '^packages/node/src/', pathNot: ['^packages/node/src/index\\.ts$', ...TEST_CODE] },
      to: { path: '^packages/node/src/verifyShopEvent\\.ts$' },
    },
    {
      name: 'browser-packages-import-only-the-widget-types',
      comment:
        'packages/js/ (@checkout/js) loads the widget from the backend and types it with widget/core/types.ts; ' +
        'packages/react/ (@checkout/react) builds on @checkout/js by its name. Neither bundles widget code, the ' +
        'server or a Node builtin: they run in the browser and on a server rendering React.',
      severity: 'error',
      from: { path: '^packages/(js|react)/', pathNot: TEST_CODE },
      to: {
        dependencyTypesNot: ['npm', 'npm-dev', 'npm-peer', 'npm-optional'],
        pathNot: ['^packages/$1/', '^shared/', '^widget/core/types\\.ts$', '^packages/js/src/index\\.ts$'],
      },
    },
    {
      name: 'only-the-demo-shop-imports-the-client',
      comment:
        "@checkout/node (packages/node/) is for shops' servers. In this repository the demo shop's server part " +
        '(server/demo/) plays one, and tests and scripts use it; the backend itself never calls itself through it.',
      severity: 'error',
      from: { pathNot: ['^packages/', '^scripts/', '^server/demo/', ...TEST_CODE] },
      to: { path: '^packages/' },
    },
    // Matches nothing since the split by domain (#30): the folder it guards moved into checkout/, orders/ and the
    // other domains. The owner's HTTP surface is now server/admin/ plus each domain's routes/admin*.ts
    // (docs/architecture.md 3.2); a rule that domain code imports no routes/ folder would take this one's place.
    {
      name: 'server-modules-meet-through-their-public-module',
      comment:
        'server/ is cut by domain (README "Layout"). A domain, store/ and gateway/ are used from outside ' +
        'only through their index.ts, so what a domain offers the others is one short list and everything else ' +
        'in its folder can change without reading the rest of the server. Route modules are the exception: ' +
        'app.ts and the admin API mount them by path (see routes-are-mounted-not-imported).',
      severity: 'error',
      from: { path: '^server/([^/]+)', pathNot: TEST_CODE },
      to: {
        path: `^server/(${DOMAINS}|store|gateway)/`,
        pathNot: ['^server/$1/', '^server/[^/]+/index\\.ts$', '^server/[^/]+/routes/'],
      },
    },
    {
      name: 'routes-are-mounted-not-imported',
      comment:
        "A domain's routes/ folder is its HTTP surface: app.ts (the shop, widget and gateway routes) and " +
        "admin/createAdminApi.ts (the owner's) mount them, and nothing else imports them, so no verb depends on " +
        'how it is reached over HTTP.',
      severity: 'error',
      from: {
        path: '^server/',
        pathNot: ['^server/app\\.ts$', '^server/admin/createAdminApi\\.ts$', '^server/[^/]+/routes/', ...TEST_CODE],
      },
      to: { path: '^server/[^/]+/routes/' },
    },
    {
      name: 'route-modules-stay-in-their-domain',
      comment: 'See routes-are-mounted-not-imported: one route module may share a helper of its own domain only.',
      severity: 'error',
      from: { path: '^server/([^/]+)/routes/', pathNot: TEST_CODE },
      to: { path: '^server/[^/]+/routes/', pathNot: '^server/$1/routes/' },
    },
    {
      name: 'nothing-depends-on-the-owners-http-surface',
      comment:
        "server/admin/ is the owner's HTTP surface (the admin API's composition and the admin page). Core logic " +
        'lives in the domains; the admin API calls them, never the reverse.',
      severity: 'error',
      from: { path: '^server/', pathNot: ['^server/admin/', '^server/app\\.ts$', ...TEST_CODE] },
      to: { path: '^server/admin/' },
    },
    {
      name: 'domains-do-not-import-their-callers',
      comment:
        'reconcile/ calls each domain\'s "settle what is open" verb, and the composition root (main.ts, ' +
        'buildBackend.ts, app.ts) wires the domains together: a domain importing either would make a cycle.',
      severity: 'error',
      from: { path: `^server/(${DOMAINS})/`, pathNot: TEST_CODE },
      to: { path: ['^server/(reconcile|demo)/', '^server/(app|main|buildBackend)\\.ts$'] },
    },
    {
      name: 'infrastructure-does-not-import-domains',
      comment:
        'store/ is the database (connection, dialects, schema, migrations, transactions), gateway/ the client, ' +
        "http/, middleware/, limits/ and shutdown/ the server's plumbing: none of them knows an order " +
        'or a refund, so each can be read and tested without the business.',
      severity: 'error',
      from: { path: '^server/(store|gateway|http|middleware|limits|shutdown)/', pathNot: TEST_CODE },
      to: { path: `^server/(${DOMAINS})/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // the packages' builds (scripts/buildPackages.ts), git-ignored: their sources are what the rules check
    exclude: { path: '^packages/[^/]+/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
