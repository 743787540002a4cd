import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { suggestionActionId } from './suggestion-action-id.js'

describe('suggestionActionId', () => {
  it('names one action per suggestion of a game, the same each time', () => {
    expect(suggestionActionId(7, 3)).toBe(suggestionActionId(7, 3))
    expect(suggestionActionId(7, 3)).not.toBe(suggestionActionId(7, 4))
    expect(suggestionActionId(7, 3)).not.toBe(suggestionActionId(8, 3))
  })

  it('is a UUID an action id and an undo target may be (version 5, RFC 4122 variant)', () => {
    const id = suggestionActionId(42, 1)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(z.uuid().safeParse(id).success).toBe(true)
  })
})
