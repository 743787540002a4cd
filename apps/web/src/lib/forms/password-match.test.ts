import { messages } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { confirmationMismatch } from './password-match'

describe('the confirmation as it is typed (spec §5)', () => {
  it('says nothing while it is empty, on its way to the password, or the same', () => {
    expect(confirmationMismatch('long enough', '')).toBeNull()
    expect(confirmationMismatch('long enough', 'long en')).toBeNull()
    expect(confirmationMismatch('long enough', 'long enough')).toBeNull()
  })

  it('says PASSWORDS DON’T MATCH once it goes astray or runs past the password', () => {
    expect(confirmationMismatch('long enough', 'long ex')).toBe("PASSWORDS DON'T MATCH")
    expect(confirmationMismatch('long enough', 'long enough!')).toBe(messages.passwordMismatchShort)
    expect(confirmationMismatch('', 'x')).toBe(messages.passwordMismatchShort)
  })
})
