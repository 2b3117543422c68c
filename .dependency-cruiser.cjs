/**
 * Import boundaries (docs/architecture.md), checked by `npm run check:boundaries` in `npm test`.
 * - packages never import apps; the web never imports the server;
 * - a server module's public face is its `index.ts`: other modules, and the server's shared code
 *   (http, jobs, app), use a module only through it;
 * - the shared packages stay browser-safe where the web reads them;
 * - the web is app/ (entry, router, layouts) over features/<area>/ over shared/: a feature uses another only
 *   through its index.ts, shared/ imports no feature, features import nothing of app/, and no two web folders
 *   import each other.
 */
module.exports = {
  forbidden: [
    {
      name: 'packages-not-apps',
      comment: 'Shared packages are used by the apps, never the other way round.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-not-server',
      comment: 'The web client talks to the server over HTTP only; shared shapes live in packages/domain.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'web-not-node-renderers',
      comment: 'The renderers behind @laurel/certificate/node need Node: the web uses the browser-safe index.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^packages/certificate/src/(node\\.ts|render/(pdf|png)/|render/pool)' },
    },
    {
      name: 'domain-reads-certificate-model-only',
      comment: 'Contracts may use the design model; never the renderers.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^packages/certificate/src/(node\\.ts|render/)' },
    },
    {
      name: 'module-public-face',
      comment: "A server module uses another module only through that module's index.ts.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'shared-server-code-uses-module-faces',
      comment: "The server's shared code (app, http, jobs, mail, seed) reaches a module only through its index.ts.",
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: ['^apps/server/src/modules/', '^apps/server/src/app\\.ts$'] },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'app-composes-routes-and-faces',
      comment: "app.ts registers each module's routes (routes.ts, *-routes.ts); for anything else it uses the module's index.ts.",
      severity: 'error',
      from: { path: '^apps/server/src/app\\.ts$' },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: '^apps/server/src/modules/[^/]+/(index|routes|[a-z-]+-routes)\\.ts$' },
    },
    {
      name: 'web-feature-face',
      comment: "A web feature uses another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/([^/]+)/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'web-app-uses-feature-faces',
      comment: 'app/ composes features through their index.ts; the route table alone loads a screen (*Page.tsx) by its file.',
      severity: 'error',
      from: { path: '^apps/web/src/app/' },
      to: {
        path: '^apps/web/src/features/',
        pathNot: ['^apps/web/src/features/[^/]+/index\\.ts$', '^apps/web/src/features/.+/[A-Za-z]+Page\\.tsx$'],
      },
    },
    {
      name: 'web-screens-load-lazily',
      comment: 'A screen is imported only by a dynamic import, so each one is a chunk of its own (app/router/pages.tsx).',
      severity: 'error',
      from: { path: '^apps/web/src/app/' },
      to: { path: '^apps/web/src/features/.+/[A-Za-z]+Page\\.tsx$', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'web-shared-uses-no-feature',
      comment: 'shared/ is what features stand on: it imports no feature and nothing of app/.',
      severity: 'error',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-not-app',
      comment: 'app/ composes the features; a feature never reaches back into it.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-no-folder-cycles',
      comment: 'No two folders of the web import each other, even through others: layers stay layers.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/web/src/' },
      to: { circular: true },
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes a layer of one part of the code depend on itself; untangle it.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    combinedDependencies: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'], extensions: ['.ts', '.tsx', '.js'] },
  },
};
