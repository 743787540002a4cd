import MagicString from 'magic-string'
import type { Plugin } from 'vite'

/** A zod call (`z.object(`, `z.string(`), or a top-level constant made from another one (`X.extend(`). */
const zodCall = /(?<![\w$.])z\.(?=[A-Za-z]+\()/g
const derived = /^((?:export )?const [\w$]+ = )(?!z\.)(?=[A-Za-z_$][\w$]*\.[\w$]+\()/gm
const PURE = '/*#__PURE__*/ '

/** `code` with every schema definition marked pure. */
export function markPure(code: string): MagicString {
  const s = new MagicString(code)
  for (const pattern of [zodCall, derived]) {
    for (const match of code.matchAll(pattern)) s.appendLeft(match.index + (match[1]?.length ?? 0), PURE)
  }
  return s
}

/**
 * Build plugin (vite.config.ts): marks the contract's schema definitions pure, so a chunk keeps only the
 * schemas it uses (issue 20). Without the mark Rollup must assume a call may have side effects, and a
 * chunk that imports one name from a contract module keeps every schema of that module. Making a zod
 * schema has no side effect (the contract registers none in a global registry), so dropping an unused
 * one changes nothing.
 */
export function pureSchemas(include: RegExp): Plugin {
  return {
    name: 'fieldhouse-pure-schemas',
    enforce: 'pre',
    transform(code, id) {
      if (!include.test(id) || id.endsWith('.test.ts')) return null
      const s = markPure(code)
      return s.hasChanged() ? { code: s.toString(), map: s.generateMap({ hires: true, source: id }) } : null
    },
  }
}
