import { type AdminMe, type OperatorRole, OperatorRoles, permissionsOf } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { visiblePages } from '../console-app'

const me = (role: OperatorRole) =>
  ({
    role,
    can: permissionsOf(role),
    totp: { available: role === 'owner' || role === 'manager', enabled: false, verified: true },
  }) as unknown as AdminMe

describe('the Score page in the console’s navigation', () => {
  it('is the whole console of a scorer, who lands on it', () => {
    expect(visiblePages(me('scorer')).map((page) => page.path)).toEqual(['score'])
  })

  it.each(OperatorRoles)('is shown to a %s (every role reads scores)', (role) => {
    expect(visiblePages(me(role)).map((page) => page.path)).toContain('score')
  })
})
