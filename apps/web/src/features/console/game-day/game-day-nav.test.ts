import { type AdminMe, type OperatorRole, permissionsOf } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { visiblePages } from '../console-app'

const me = (role: OperatorRole) =>
  ({
    role,
    can: permissionsOf(role),
    totp: { available: role === 'owner' || role === 'manager', enabled: false, verified: true },
  }) as unknown as AdminMe

describe('the game-day home in the console’s navigation', () => {
  it.each(['owner', 'manager', 'producer', 'support'] as const)('is the first page of a %s', (role) => {
    expect(visiblePages(me(role))[0]?.path).toBe('game-day')
  })

  it('is not a scorer’s, who lands on the Score page', () => {
    const paths = visiblePages(me('scorer')).map((page) => page.path)
    expect(paths).not.toContain('game-day')
    expect(paths[0]).toBe('score')
  })
})
