import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { stubOf } from './no-json-schema'

const zodCore = path.join(path.dirname(createRequire(import.meta.url).resolve('zod')), 'v4/core')

describe('stubOf', () => {
  it('keeps every export of zod’s JSON Schema modules, each throwing once used', async () => {
    for (const file of ['to-json-schema.js', 'json-schema-processors.js']) {
      const source = fs.readFileSync(path.join(zodCore, file), 'utf8')
      const real = await import(path.join(zodCore, file))
      const stub = await import(`data:text/javascript,${encodeURIComponent(stubOf(source))}`)
      expect(Object.keys(stub).sort()).toEqual(Object.keys(real).sort())
    }
  })

  it('makes `create…Method` return the throwing function, so a schema can still be made', () => {
    const code = stubOf('export const createToJSONSchemaMethod = (s) => (p) => {}\nexport function process() {}\n')
    expect(code).toContain('export const createToJSONSchemaMethod = () => off')
    expect(code).toContain('export const process = off')
  })
})
