import { useEffect } from 'react'
import { useAppStore } from '../../store/app-store'
import { useNotificationSettings } from '../notifications/use-notification-settings'
import { useUpdateNotificationSettings } from '../notifications/use-update-notification-settings'

/**
 * Whether scores are hidden until asked for. A signed-in viewer's choice is their alert settings'
 * `spoiler_free` (the one being saved while it is); a viewer not signed in keeps it on this device
 * (`spoilerFree` in the app's persisted store). Until a signed-in viewer's settings arrive, or if they
 * cannot be had, this device's choice stands in: it is the account's last one seen here.
 */
export function spoilerFreeOf({
  signedIn,
  local,
  account,
  saving,
}: {
  signedIn: boolean
  local: boolean
  /** The account's `spoiler_free`; undefined while unknown. */
  account: boolean | undefined
  /** The value being saved to the account, if any. */
  saving: boolean | undefined
}): boolean {
  if (!signedIn) return local
  return saving ?? account ?? local
}

/**
 * Spoiler-free, one answer for every viewer: `spoilerFree`, and `setSpoilerFree` that saves it to the
 * account (`PATCH /api/notifications/settings`) or to this device.
 */
export function useSpoilerFree() {
  const signedIn = useAppStore((state) => state.user !== null)
  const local = useAppStore((state) => state.spoilerFree)
  const setLocal = useAppStore((state) => state.setSpoilerFree)
  const settings = useNotificationSettings()
  const update = useUpdateNotificationSettings()
  const account = settings.data?.spoiler_free
  // This device follows the account's choice, so it stands in while the settings load next time.
  useEffect(() => {
    if (account !== undefined) setLocal(account)
  }, [account, setLocal])
  const saving = update.isPending ? update.variables?.spoiler_free : undefined
  return {
    spoilerFree: spoilerFreeOf({ signedIn, local, account, saving }),
    setSpoilerFree: (on: boolean) => {
      setLocal(on)
      if (signedIn) update.mutate({ spoiler_free: on })
    },
    saving: update.isPending,
    saveFailed: update.isError,
  }
}

/**
 * Whether one game's score is hidden now: spoiler-free is on and the viewer has not pressed "Show" for
 * it during this visit. `reveal` shows it until the page is reloaded.
 */
export function useHiddenScore(eventId: number) {
  const { spoilerFree } = useSpoilerFree()
  const revealed = useAppStore((state) => state.revealedScores.includes(eventId))
  const revealScore = useAppStore((state) => state.revealScore)
  return { hidden: spoilerFree && !revealed, reveal: () => revealScore(eventId) }
}
