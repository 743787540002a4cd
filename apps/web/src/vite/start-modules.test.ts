import { describe, expect, it } from 'vitest'
import { createStartTest } from './start-modules'

const graph = (edges: Record<string, string[]>, entries: string[]) => ({
  getModuleInfo: (id: string) =>
    id in edges || entries.includes(id) ? { isEntry: entries.includes(id), importers: edges[id] ?? [] } : null,
})

describe('createStartTest', () => {
  it('tells the modules a static import chain leads to from an entry', () => {
    // main → app → lib; view (a dynamic import of app's) → form → lib-of-form; a cycle a ⇄ b under the view.
    const inStart = createStartTest(
      graph({ app: ['main'], lib: ['app', 'form'], form: ['view'], view: [], a: ['b', 'view'], b: ['a'] }, ['main']),
    )
    expect(inStart('main')).toBe(true)
    expect(inStart('lib')).toBe(true)
    expect(inStart('form')).toBe(false)
    expect(inStart('a')).toBe(false)
    expect(inStart('b')).toBe(false)
    expect(inStart('unknown')).toBe(false)
  })
})
