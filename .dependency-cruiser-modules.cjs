/**
 * Cycles between whole server modules (apps/server/src/modules/<name>): each module is collapsed into
 * one node and scripts/module-cycles-reporter-plugin.mjs fails on a loop, so `access` using `catalog`
 * while `catalog` uses `access` is a cycle even when no two files import each other. Tests are left
 * out: they use whatever they check and nothing imports them. Run by `npm run lint:deps`.
 */
const { options } = require('./.dependency-cruiser.cjs')

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [],
  options: {
    ...options,
    collapse: '^apps/server/src/modules/[^/]+',
    exclude: { path: [options.exclude.path, '\\.test\\.tsx?$', '^apps/server/src/test/'] },
  },
}
