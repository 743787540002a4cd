import fs from 'node:fs'
import type { Plugin } from 'vite'

/** zod's modules that turn a schema into JSON Schema, which every classic schema links to. */
const jsonSchemaModules = /\/node_modules\/zod\/v4\/core\/(to-json-schema|json-schema-processors)\.js$/

/**
 * The module's stand-in: every export is there and throws once used. `create…Method` builds a schema's
 * `toJSONSchema` method when the schema is made, so it returns the throwing function instead.
 */
export function stubOf(source: string): string {
  const names = [...source.matchAll(/^export (?:function|const|class|let) ([\w$]+)/gm)].map((m) => m[1] as string)
  const aliases = [...source.matchAll(/^export \{([^}]+)\};?$/gm)].flatMap((m) => (m[1] as string).split(','))
  const lines = [
    'const off = () => { throw new Error("JSON Schema is not part of the web build (apps/web/src/vite/no-json-schema.ts)") }',
    ...names.map((name) => `export const ${name} = ${/^create\w*Method$/.test(name) ? '() => off' : 'off'}`),
    ...aliases.map((alias) => `export { ${alias.trim()} }`),
  ]
  return `${lines.join('\n')}\n`
}

/**
 * Build plugin (vite.config.ts): leaves zod's JSON Schema output out of the web build (issue 32, about 6 KB
 * gzipped of the start's zod chunk). Each classic zod schema carries a `toJSONSchema` method and
 * per-type processors for it, so Rollup keeps that code although the web app never asks a schema for its
 * JSON Schema (the server's OpenAPI document does, in its own build). Parsing does not use these modules.
 */
export function noJsonSchema(): Plugin {
  return {
    name: 'fieldhouse-no-json-schema',
    enforce: 'pre',
    load(id) {
      if (!jsonSchemaModules.test(id)) return null
      return stubOf(fs.readFileSync(id, 'utf8'))
    },
  }
}
