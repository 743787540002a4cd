import type { NotificationSettings } from '@fieldhouse/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type SessionUser, useAppStore } from '../../store/app-store'
import { notificationSettingsKey } from '../notifications/query-keys'
import { drawScores } from './scores.test-support'
import { spoilerFreeOf, useHiddenScore, useSpoilerFree } from './use-spoiler-free'

/*
 * A server render reads a zustand store's initial state (its server snapshot), so the hooks are drawn
 * here over the real store's current state: the same selectors, read through `getState`.
 */
vi.mock('../../store/app-store', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../store/app-store')>()
  const store = real.useAppStore
  const current = Object.assign(
    <T,>(selector: (state: ReturnType<typeof store.getState>) => T) => selector(store.getState()),
    store,
  )
  return { ...real, useAppStore: current }
})

describe('spoilerFreeOf', () => {
  it('is this device’s choice for a viewer not signed in, whatever an account said', () => {
    expect(spoilerFreeOf({ signedIn: false, local: true, account: false, saving: undefined })).toBe(true)
    expect(spoilerFreeOf({ signedIn: false, local: false, account: true, saving: undefined })).toBe(false)
  })
  it('is the account’s choice for a signed-in viewer, the one being saved first', () => {
    expect(spoilerFreeOf({ signedIn: true, local: false, account: true, saving: undefined })).toBe(true)
    expect(spoilerFreeOf({ signedIn: true, local: true, account: false, saving: undefined })).toBe(false)
    expect(spoilerFreeOf({ signedIn: true, local: false, account: false, saving: true })).toBe(true)
  })
  it('falls back on this device’s choice while the account’s is unknown', () => {
    expect(spoilerFreeOf({ signedIn: true, local: true, account: undefined, saving: undefined })).toBe(true)
    expect(spoilerFreeOf({ signedIn: true, local: false, account: undefined, saving: undefined })).toBe(false)
  })
})

function Probe({ eventId }: { eventId: number }) {
  const { spoilerFree } = useSpoilerFree()
  const { hidden } = useHiddenScore(eventId)
  return <p>{`${spoilerFree ? 'on' : 'off'} ${hidden ? 'hidden' : 'shown'}`}</p>
}

const draw = async (eventId = 1, settings?: Partial<NotificationSettings>, userId = 5) =>
  (
    await drawScores(<Probe eventId={eventId} />, {
      seed: settings ? [[notificationSettingsKey(userId), settings]] : [],
    })
  ).replace(/<\/?p>/g, '')

describe('useSpoilerFree and useHiddenScore', () => {
  afterEach(() => useAppStore.setState({ user: null, spoilerFree: false, revealedScores: [] }))

  it('answers from this device for a viewer not signed in, and a reveal shows one game only', async () => {
    expect(await draw()).toBe('off shown')
    useAppStore.getState().setSpoilerFree(true)
    expect(await draw()).toBe('on hidden')
    useAppStore.getState().revealScore(1)
    expect(await draw(1)).toBe('on shown')
    expect(await draw(2)).toBe('on hidden')
  })

  it('answers from the account’s alert settings for a signed-in viewer', async () => {
    useAppStore.setState({ user: { id: 5 } as SessionUser, spoilerFree: false })
    expect(await draw(1, { spoiler_free: true })).toBe('on hidden')
    useAppStore.setState({ spoilerFree: true })
    expect(await draw(1, { spoiler_free: false })).toBe('off shown')
    // Until the account's settings come, this device's choice stands in.
    expect(await draw(1)).toBe('on hidden')
  })

  it('keeps the reveals out of what is stored on the device', () => {
    useAppStore.getState().revealScore(3)
    const persisted = useAppStore.persist.getOptions().partialize?.(useAppStore.getState()) as Record<string, unknown>
    expect(persisted).not.toHaveProperty('revealedScores')
    expect(persisted).toHaveProperty('spoilerFree')
  })
})
