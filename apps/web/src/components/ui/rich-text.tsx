import { type ReactNode, useMemo } from 'react'
import { type Inline, parseContent } from '../../lib/content/parse-content'
import { SmartLink } from './smart-link'
import './rich-text.css'

function renderInlines(inlines: Inline[]): ReactNode[] {
  return inlines.map((inline, index) => {
    // Inline order never changes within one render of a text, so the position is a stable key.
    const key = `${inline.kind}-${index}`
    if (inline.kind === 'break') return <br key={key} />
    if (inline.kind === 'link') {
      return (
        <SmartLink key={key} href={inline.href}>
          {inline.text}
        </SmartLink>
      )
    }
    return <span key={key}>{inline.text}</span>
  })
}

/**
 * Channel text (pages, answers, blocks) as React elements. Nothing is injected as HTML;
 * its headings are h2 and h3 so they sit under the page's own h1.
 */
export function RichText({ source, className }: { source: string; className?: string }) {
  const blocks = useMemo(() => parseContent(source), [source])
  return (
    <div className={['rich-text', className ?? ''].filter(Boolean).join(' ')}>
      {blocks.map((block, index) => {
        const key = `${block.kind}-${index}`
        if (block.kind === 'heading') {
          const Heading = block.level === 2 ? 'h2' : 'h3'
          return <Heading key={key}>{renderInlines(block.inlines)}</Heading>
        }
        if (block.kind === 'paragraph') return <p key={key}>{renderInlines(block.inlines)}</p>
        return (
          <ul key={key}>
            {block.items.map((item, itemIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity besides their position
              <li key={itemIndex}>{renderInlines(item)}</li>
            ))}
          </ul>
        )
      })}
    </div>
  )
}
