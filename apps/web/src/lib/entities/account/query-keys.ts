/**
 * Every query about the signed-in user starts with `['user', id]`: signing in, out or as someone else
 * drops them all at once, and one user's answers are never shown to another.
 */
export const userQueriesRoot = ['user'] as const

export const userQueryKey = (userId: number, ...rest: readonly string[]) => ['user', userId, ...rest] as const
