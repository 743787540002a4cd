import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { consoleSalesEn } from '../../lib/i18n/resources/console-sales.en'
import { enAccount } from '../../lib/i18n/resources/en-account'
import { enCatalogue } from '../../lib/i18n/resources/en-catalogue'
import { enCommerce } from '../../lib/i18n/resources/en-commerce'
import { enPages } from '../../lib/i18n/resources/en-pages'
import { enStart } from '../../lib/i18n/resources/en-start'
import { enWatch } from '../../lib/i18n/resources/en-watch'
import type { WordArea } from '../../lib/i18n/word-areas'
import { viewWords } from './view-words'

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const groupsOf: Record<WordArea | 'start', string[]> = {
  start: Object.keys(enStart),
  catalogue: Object.keys(enCatalogue),
  watch: Object.keys(enWatch),
  account: Object.keys(enAccount),
  commerce: Object.keys(enCommerce),
  pages: Object.keys(enPages),
  console: Object.keys({ consoleSales: consoleSalesEn }),
}
const allGroups = Object.values(groupsOf).flat()
/** A string that names a key of one of the groups: `'watch.title'`, `` `events.${kind}` ``. */
const keyPattern = new RegExp(`['"\`](${allGroups.join('|')})\\.[\\w$]`, 'g')

/** A relative import of `from`, as a file. */
function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''))
  for (const file of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file
  }
  return null
}

/**
 * The source files a module brings, statically or by `import()`, as far as the next view (a view's own
 * chunk, which brings its own words) or the words themselves.
 */
function closure(entry: string): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const code = fs.readFileSync(file, 'utf8')
    for (const m of code.matchAll(/(?:from\s*|import\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const next = resolve(file, m[1] ?? '')
      if (!next || next.includes(`${path.sep}i18n${path.sep}resources${path.sep}`)) continue
      if (next !== entry && next.startsWith(path.join(src, 'app/views'))) continue
      if (/\.test\.tsx?$/.test(next)) continue
      visit(next)
    }
  }
  visit(entry)
  return [...seen]
}

/** The word groups the files name. */
const groupsUsed = (files: string[]) =>
  new Set(files.flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(keyPattern)].map((m) => m[1] ?? '')))

describe('English words by area', () => {
  it('has every English group in exactly one area', () => {
    expect(new Set(allGroups).size).toBe(allGroups.length)
  })

  it('the start uses only the start’s words', () => {
    const used = [...groupsUsed(closure(path.join(src, 'main.tsx')))]
    expect(used.filter((group) => !groupsOf.start.includes(group))).toEqual([])
  })

  it.each(Object.entries(viewWords))('the %s view’s words come with it', (view, areas) => {
    const file = path.join(src, `app/views/${view}.ts`)
    expect(fs.existsSync(file)).toBe(true)
    const known = new Set([...groupsOf.start, ...areas.flatMap((area) => groupsOf[area])])
    expect([...groupsUsed(closure(file))].filter((group) => !known.has(group))).toEqual([])
  })

  it('names every view', () => {
    const views = fs.readdirSync(path.join(src, 'app/views')).map((f) => f.replace(/\.tsx?$/, ''))
    expect(Object.keys(viewWords).sort()).toEqual(views.sort())
  })
})
