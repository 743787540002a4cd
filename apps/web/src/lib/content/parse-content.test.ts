import { describe, expect, it } from 'vitest'
import { contentToText, parseContent, parseInlines, safeHref } from './parse-content'

describe('safeHref', () => {
  it.each([
    'https://example.com/a?b=c',
    'http://example.com',
    'mailto:help@example.com',
    'tel:+15551234567',
    '/packages',
    'faq',
    '#top',
    '?modal=buy',
  ])('allows %s', (href) => {
    expect(safeHref(href)).toBe(href)
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<b>x</b>',
    'vbscript:msgbox',
    '//evil.example',
    '\\\\evil.example',
    'java\tscript:alert(1)',
    'ftp://files.example',
    '',
  ])('refuses %s', (href) => {
    expect(safeHref(href)).toBeNull()
  })
})

describe('parseInlines', () => {
  it('finds links between text', () => {
    expect(parseInlines('Write to [us](mailto:a@b.co) or see [FAQ](/faq).')).toEqual([
      { kind: 'text', text: 'Write to ' },
      { kind: 'link', text: 'us', href: 'mailto:a@b.co' },
      { kind: 'text', text: ' or see ' },
      { kind: 'link', text: 'FAQ', href: '/faq' },
      { kind: 'text', text: '.' },
    ])
  })

  it('keeps only the label of an unsafe link', () => {
    expect(parseInlines('Click [here](javascript:alert(1)) now')).toEqual([{ kind: 'text', text: 'Click here) now' }])
  })

  it('leaves markup-looking text as text', () => {
    expect(parseInlines('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
    ])
  })
})

describe('parseContent', () => {
  it('reads headings, paragraphs and lists', () => {
    const source =
      '## Tickets\n\nBuy a pass\nbefore the game.\n\n- Live games\n- Replays\n\n### Help\nAsk [us](/contacts).'
    expect(parseContent(source)).toEqual([
      { kind: 'heading', level: 2, inlines: [{ kind: 'text', text: 'Tickets' }] },
      {
        kind: 'paragraph',
        inlines: [{ kind: 'text', text: 'Buy a pass' }, { kind: 'break' }, { kind: 'text', text: 'before the game.' }],
      },
      { kind: 'list', items: [[{ kind: 'text', text: 'Live games' }], [{ kind: 'text', text: 'Replays' }]] },
      { kind: 'heading', level: 3, inlines: [{ kind: 'text', text: 'Help' }] },
      {
        kind: 'paragraph',
        inlines: [
          { kind: 'text', text: 'Ask ' },
          { kind: 'link', text: 'us', href: '/contacts' },
          { kind: 'text', text: '.' },
        ],
      },
    ])
  })

  it('handles Windows line ends and an empty source', () => {
    expect(parseContent('One\r\n\r\nTwo')).toHaveLength(2)
    expect(parseContent('')).toEqual([])
    expect(parseContent('\n\n  \n')).toEqual([])
  })

  it('ends a list at a plain line', () => {
    expect(parseContent('- a\nafter').map((block) => block.kind)).toEqual(['list', 'paragraph'])
  })

  it('gives plain text for previews', () => {
    expect(contentToText('## Hi\n\nSee [the FAQ](/faq).\n- one')).toBe('Hi See the FAQ. one')
  })
})
