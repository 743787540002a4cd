import { favoriteTypeMessage, messages } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { FavoriteRefused, favoriteRequest } from './favorite-request'

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    if (error instanceof FavoriteRefused) return error.message
    throw error
  }
  return null
}

describe('a favourite checked in the browser (spec §5)', () => {
  it('takes a team, school or sport of a signed-in user, as the API takes them', () => {
    for (const type of ['participant', 'group', 'category'] as const) {
      expect(favoriteRequest({ id: 7, type }, true)).toEqual({ favoritable_id: 7, favoritable_type: type })
    }
  })

  it('refuses any other type with the allowed values, before any request', () => {
    expect(refusal(() => favoriteRequest({ id: 7, type: 'venue' }, true))).toBe(favoriteTypeMessage)
    expect(favoriteTypeMessage).toBe(
      'favoritable_type must be equal to one of the allowed values: participant, group, category',
    )
    expect(refusal(() => favoriteRequest({ id: 7, type: 3 }, true))).toBe(favoriteTypeMessage)
  })

  it('refuses a visitor: "user must be logged in"', () => {
    expect(refusal(() => favoriteRequest({ id: 7, type: 'group' }, false))).toBe(messages.loginRequired)
  })
})
