import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { consoleEn } from '../../lib/i18n/resources/console.en'
import { resourceConfigs } from './resources'

/**
 * No English left in the console's pages: every word an operator reads comes from the i18n resources
 * (`console.{en,fr,bg}.ts`), so a French or Bulgarian channel's operators read their language. The scan
 * reads each `.tsx` file's syntax tree for JSX text, for string attributes a user reads (labels,
 * headings, aria-labels…) and for string literals that read as words (a capital, then letters and a
 * space or a stop), wherever they are. The sales pages' words are in `console-sales.*.ts`.
 */
const root = __dirname
const skipped = new Set<string>()

const tsxFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : tsxFiles(join(dir, entry.name))
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [join(dir, entry.name)] : []
  })

/** Attributes whose string value is read by a user (or said by a screen reader). */
const readAttributes = new Set([
  'aria-label',
  'placeholder',
  'title',
  'alt',
  'label',
  'header',
  'hint',
  'legend',
  'caption',
  'lead',
  'emptyText',
  'searchLabel',
  'submitLabel',
  'savedText',
  'actionsHeader',
])
/** Attributes that never hold words. */
const codeAttributes = new Set(['className', 'id', 'htmlFor', 'type', 'name', 'to', 'href', 'data-testid', 'variant'])

/** A literal that reads as words: "Save changes", "Delete", "Not found." — not a class, key or path. */
const looksLikeWords = (text: string) =>
  /^(?:[A-Z][a-zé’'-]+(?:[ ,.:;?!…]|$)|[A-Z] [a-z]|\([a-z]+ [a-z]+)/.test(text.trim())

/** Literals that read as words and are not (keyboard keys, a media type). */
const notWords = new Set(['Enter', 'Escape', 'Etc/UTC', 'UTC'])

/** Each untranslated literal of a file's text, as `line text`. */
function untranslated(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: string[] = []
  const at = (node: ts.Node, words: string) =>
    found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${words}`)
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
    if (ts.isJsxAttribute(node)) {
      const name = node.name.getText()
      if (codeAttributes.has(name)) return
      if (node.initializer && ts.isStringLiteral(node.initializer)) {
        const text = node.initializer.text
        if (readAttributes.has(name) && /[A-Za-z]{2,}/.test(text) && !/^#[0-9a-f]+$/i.test(text)) at(node, text)
        return
      }
    }
    if (ts.isJsxText(node) && /[A-Za-z]{2,}/.test(node.text)) at(node, node.text.trim())
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && looksLikeWords(node.text)) {
      if (!notWords.has(node.text) && !isTranslationKey(node)) at(node, node.text)
    }
    if (ts.isTemplateExpression(node) && looksLikeWords(node.head.text)) at(node, node.head.text)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The argument of `t(...)`, or a comparison (`key === 'Enter'`), is not shown as is. */
const isTranslationKey = (node: ts.Node) =>
  ts.isCallExpression(node.parent) && ['t', 'i18next.t'].includes(node.parent.expression.getText())

const keyPaths = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keyPaths(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  )

describe('the console’s words', () => {
  it('has no English literal in a page outside the i18n resources', () => {
    const files = tsxFiles(root)
    expect(files.length).toBeGreaterThan(20)
    const found = files.flatMap((file) =>
      untranslated(file, readFileSync(file, 'utf8')).map((hit) => `${relative(root, file)}:${hit}`),
    )
    expect(found).toEqual([])
  })

  it('finds the literals it is meant to find', () => {
    const text = [
      'export const A = () => <div aria-label="Close" className="Console List">',
      '  <h1>Orders</h1>',
      "  <p>{done ? 'Saved.' : t('console.common.save')}</p>",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the probe is source text holding a template
      '  <span title={t("console.x")}>{`Showing ${n}`}</span>',
      '</div>',
    ].join('\n')
    expect(untranslated('probe.tsx', text)).toEqual(['1 Close', '2 Orders', '3 Saved.', '4 Showing '])
  })

  it('names in resources.ts only keys the English words hold', () => {
    const keys = new Set(keyPaths(consoleEn))
    const named = Object.values(resourceConfigs).flatMap((config) => [
      ...['plural', 'one', 'new', 'create', 'saved', 'created', 'search'].map((w) => `resources.${config.words}.${w}`),
      ...config.columns.map((column) => column.header),
      ...config.fields.flatMap((field) => [field.label, ...(field.hint ? [field.hint] : [])]),
      ...config.fields.flatMap((field) => (field.options ?? []).map((option) => option.label)),
    ])
    expect(named.filter((key) => !keys.has(key))).toEqual([])
  })
})
