/**
 * The passes on sale are the channel's, the same for everyone: keyed under `['passes']`. What a pass
 * costs a given viewer (invoice preview, trial) and which passes open an event depend on the viewer,
 * so those keys carry the viewer id (null when anonymous).
 */
export const passesQueryRoot = ['passes'] as const

export const packagesQueryKey = ['passes', 'packages'] as const
export const packageQueryKey = (id: number) => ['passes', 'packages', id] as const
export const subscriptionsQueryKey = ['passes', 'subscriptions'] as const
export const subscriptionQueryKey = (id: number) => ['passes', 'subscriptions', id] as const
export const bundlesQueryKey = ['passes', 'bundles'] as const
export const eventPassesQueryKey = (eventId: number) => ['passes', 'event', eventId] as const
export const paymentConfigQueryKey = ['payment-config'] as const
