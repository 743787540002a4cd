import { describe, expect, it } from 'vitest'
import { formatDocumentTitle } from './document-title'

describe('formatDocumentTitle', () => {
  it('joins page and channel', () => {
    expect(formatDocumentTitle('FAQ', 'Metro League')).toBe('FAQ · Metro League')
  })

  it('falls back to whichever part exists', () => {
    expect(formatDocumentTitle(null, 'Metro League')).toBe('Metro League')
    expect(formatDocumentTitle('FAQ', '')).toBe('FAQ')
  })
})
