/**
 * The layering `npm run lint` checks (after biome): routes call services, services decide, only
 * repositories (and `db/`, and the job queue) speak SQL; a module reaches another module through its
 * service, never its repository or presenter; the web app knows nothing of the server, a web feature
 * nothing of another feature, and lib/ and components/ nothing of the features; packages know
 * nothing of the apps, and packages/media knows no HTTP, database or object store.
 * Run alone with `npm run lint:deps`.
 */
const server = '^apps/server/src/'
const testFile = ['\\.test\\.tsx?$', '\\.test-support\\.ts$', `${server}test/`]
/** A rule of the layering: `from` may not import `to`; `comment` says what to do instead. Each one fails the lint. */
const forbid = (name, comment, from, to) => ({ name, severity: 'error', comment, from, to })
/** Imports of these npm packages (each a name or a pattern of names, as `@aws-sdk/[^/]+`). */
const npmPackages = (...names) => ({ path: `(^|/)node_modules/(?:${names.join('|')})/` })

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      'kysely-only-in-repositories',
      'Only repositories (*.repository.ts), db/ and jobs/queue.ts import Kysely. Put the query in the ' +
        "owning module's repository (a new method with a plain signature) and call that from the service; " +
        'code outside a module takes the repository by constructor.',
      {
        path: '^(apps|packages)/',
        pathNot: [`${server}.+\\.repository\\.ts$`, `${server}db/`, `${server}jobs/queue\\.ts$`, ...testFile],
      },
      { path: '(^|/)node_modules/kysely/' },
    ),
    forbid(
      'database-handle-only-in-composition',
      'The database handle (db/database.ts, whose `kysely` could be queried from anywhere) is opened ' +
        'by the entry points (main.ts, cli*.ts) and handed to repositories by the composition root ' +
        '(container.ts). Take a repository by constructor instead.',
      {
        path: '^apps/server/src/',
        pathNot: [`${server}(container|main|cli[^/]*)\\.ts$`, `${server}db/`, ...testFile],
      },
      { path: `${server}db/database\\.ts$` },
    ),
    forbid(
      'no-reaching-into-another-module',
      "A module does not import another module's repository or presenter. Ask that module's service, " +
        'declare a narrow interface in your own module and have the composition root pass the ' +
        'implementation, or move a shared pure helper into apps/server/src/lib/.',
      { path: `${server}modules/([^/]+)/`, pathNot: testFile },
      {
        path: `${server}modules/[^/]+/.+\\.(?:repository|presenter)\\.ts$`,
        pathNot: `${server}modules/$1/`,
      },
    ),
    forbid(
      'web-knows-no-server',
      'The web app talks to the server over HTTP only. Share types and schemas through ' +
        'packages/contract (@fieldhouse/contract), not by importing apps/server.',
      { path: '^apps/web/' },
      { path: '^(apps/server/|@fieldhouse/server(/|$))' },
    ),
    forbid(
      'web-feature-knows-no-other-feature',
      'A web feature (apps/web/src/features/<name>/) never imports another feature. A hook or query ' +
        'key for an endpoint goes to lib/entities/<resource>/, a pure helper to lib/, a piece of UI two ' +
        "features show to components/; where a page shows another feature's whole piece, compose it in " +
        'app/ (app/composed/) and hand it to the page as a prop. See docs/decisions/0043-web-house.md.',
      { path: '^apps/web/src/features/([^/]+)/' },
      { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    ),
    forbid(
      'web-viewer-features-ask-through-entities',
      'A viewer feature does not call the API client itself: every endpoint has its hook in ' +
        "lib/entities/<resource>/, which parses the answer with the contract's schema; add one there " +
        "(a feature may still pass an ApiClient through by type, as the watch page's preload does). " +
        "The console's /api/admin/* hooks are in features/console/api/.",
      { path: '^apps/web/src/(features/(?!console/)[^/]+/|components/)' },
      { path: '^apps/web/src/lib/api/api-context\\.tsx$' },
    ),
    forbid(
      'web-shared-layers-know-no-feature',
      'lib/ (lib/entities/ included) and components/ are what the features share, so they never import ' +
        'a feature: move what they need out of the feature into lib/ or components/, or take it as a ' +
        "parameter or prop. The one exception is the player's event types (features/watch/player/" +
        "player-events.ts, type-only), which product analytics describes; they move with the player's " +
        'own rework.',
      { path: '^apps/web/src/(lib|components)/' },
      {
        path: '^apps/web/src/features/',
        pathNot: '^apps/web/src/features/watch/player/player-events\\.ts$',
      },
    ),
    forbid(
      'packages-know-no-apps',
      'Packages are used by the apps, never the other way round. Move what the package needs into ' +
        'the package (or packages/contract) and let the app pass it in.',
      { path: '^packages/' },
      { path: '^(apps/|@fieldhouse/(server|web)(/|$))' },
    ),
    forbid(
      'media-package-knows-no-http-or-storage',
      'packages/media is ffmpeg, playlists and plans only: no HTTP (fastify), database (kysely, pg, ' +
        'better-sqlite3) or object store (S3 SDK). Keep that in apps/server (lib/media-store, the ' +
        'media module) and pass plain values or callbacks into packages/media.',
      { path: '^packages/media/' },
      npmPackages('fastify', '@fastify/[^/]+', 'kysely', 'pg', 'pg-[^/]+', 'better-sqlite3', '@aws-sdk/[^/]+'),
    ),
    forbid(
      'player-package-knows-no-framework',
      'packages/player is the player core: the <video>, the engine, the token, state and commands, in ' +
        'plain TypeScript. No React (or other view framework), and nothing of the web app: views ' +
        'subscribe to its state and call its commands.',
      { path: '^packages/player/' },
      npmPackages('react', 'react-dom', 'react-i18next', 'zustand', '@tanstack/[^/]+'),
    ),
    forbid(
      'no-circular',
      'Files that import each other (directly or round a loop) cannot be understood or tested on their ' +
        'own. Move what both need into a third file both import, or pass one side in by constructor. ' +
        'Cycles between whole server modules are checked by .dependency-cruiser-modules.cjs.',
      {},
      { circular: true },
    ),
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '^(apps|packages)/[^/]+/(dist|dist-types)/' },
    // Type-only imports count: a type import of Kysely is still a dependency on the database layer.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // Sources import each other as `./x.js` (NodeNext): when no such file exists, dependency-cruiser
    // tries `./x.ts` and `./x.tsx`, as tsc does, so these resolve to the sources.
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      exportsFields: ['exports'],
      // Workspace packages resolve to their sources (the `source` export condition), not to dist.
      conditionNames: ['source', 'import', 'require', 'node', 'default', 'types'],
    },
  },
}
