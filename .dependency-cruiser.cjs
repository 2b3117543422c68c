/**
 * Import boundaries (docs/architecture.md), checked by `npm run check:boundaries` in `npm test`.
 * - packages never import apps; the web never imports the server;
 * - a server module's public face is its `index.ts`: other modules, and the server's shared code
 *   (http, jobs, app), use a module only through it;
 * - the shared packages stay browser-safe where the web reads them.
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
