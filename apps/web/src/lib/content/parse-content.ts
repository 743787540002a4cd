/**
 * CMS pages, FAQ answers and static blocks are Markdown-ish plain text: paragraphs separated by blank
 * lines, `## ` / `### ` headings, `- ` list items and `[text](url)` links. We parse that tiny language
 * into a tree and render it as React elements, so no HTML from the server ever reaches the page.
 */
export type Inline = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string } | { kind: 'break' }

export type ContentBlock =
  | { kind: 'heading'; level: 2 | 3; inlines: Inline[] }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'list'; items: Inline[][] }

/** Browsers skip control characters and whitespace inside a scheme (`java\tscript:`), so such a URL is never trusted. */
function hasInvisibleCharacters(value: string): boolean {
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0
    if (code <= 0x20 || code === 0x7f || /\s/.test(character)) return true
  }
  return false
}

/** Only web, mail, phone and same-site links; `javascript:`, `data:` and `//other-host` are refused. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim()
  if (trimmed === '' || hasInvisibleCharacters(trimmed)) return null
  if (/^(https?:\/\/|mailto:|tel:)/i.test(trimmed)) return trimmed
  if (trimmed.startsWith('//') || trimmed.startsWith('\\')) return null
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return null
  return trimmed
}

const linkPattern = /\[([^\]\n]+)\]\(([^)\s]+)\)/g

export function parseInlines(text: string): Inline[] {
  const inlines: Inline[] = []
  let cursor = 0
  for (const match of text.matchAll(linkPattern)) {
    const [whole, label = '', href = ''] = match
    if (match.index > cursor) inlines.push({ kind: 'text', text: text.slice(cursor, match.index) })
    const safe = safeHref(href)
    inlines.push(safe ? { kind: 'link', text: label, href: safe } : { kind: 'text', text: label })
    cursor = match.index + whole.length
  }
  if (cursor < text.length) inlines.push({ kind: 'text', text: text.slice(cursor) })
  return mergeText(inlines)
}

function mergeText(inlines: Inline[]): Inline[] {
  const merged: Inline[] = []
  for (const inline of inlines) {
    const previous = merged.at(-1)
    if (inline.kind === 'text' && previous?.kind === 'text') previous.text += inline.text
    else merged.push(inline.kind === 'text' ? { ...inline } : inline)
  }
  return merged
}

export function parseContent(source: string): ContentBlock[] {
  const blocks: ContentBlock[] = []
  let paragraph: string[] = []
  let list: Inline[][] | null = null

  const closeParagraph = () => {
    if (paragraph.length === 0) return
    // Single line breaks inside a paragraph are kept: addresses and opening hours rely on them.
    const inlines = paragraph.flatMap((line, index) =>
      index === 0 ? parseInlines(line) : [{ kind: 'break' } as const, ...parseInlines(line)],
    )
    blocks.push({ kind: 'paragraph', inlines })
    paragraph = []
  }
  const closeList = () => {
    if (list) blocks.push({ kind: 'list', items: list })
    list = null
  }

  for (const rawLine of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trim()
    const heading = /^(#{2,3})\s+(.*)$/.exec(line)
    const item = /^[-*]\s+(.*)$/.exec(line)
    if (line === '') {
      closeParagraph()
      closeList()
    } else if (heading) {
      closeParagraph()
      closeList()
      blocks.push({ kind: 'heading', level: heading[1] === '##' ? 2 : 3, inlines: parseInlines(heading[2] ?? '') })
    } else if (item) {
      closeParagraph()
      list ??= []
      list.push(parseInlines(item[1] ?? ''))
    } else {
      closeList()
      paragraph.push(line)
    }
  }
  closeParagraph()
  closeList()
  return blocks
}

/** Plain text of a piece of content, for descriptions and previews. */
export function contentToText(source: string): string {
  const lineText = (inlines: Inline[]) =>
    inlines.map((inline) => (inline.kind === 'break' ? ' ' : inline.text)).join('')
  return parseContent(source)
    .flatMap((block) => (block.kind === 'list' ? block.items.map(lineText) : [lineText(block.inlines)]))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
}
