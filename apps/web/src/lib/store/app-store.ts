import { type AuthSession, type Profile, ProfileSchema } from '@fieldhouse/contract'
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { KeyStore } from '../api/api-keys'
import type { LastPage } from '../navigation/remember-page'
import { browserBackend, createTtlStorage } from '../storage/ttl-storage'
import { APP_STORE_NAME } from './app-store-name'

/** The signed-in viewer: the profile of `GET /api/profile` (spec §3 User). */
export type SessionUser = Profile

interface PersistedState {
  channelKey: string | null
  apiKey: string | null
  user: SessionUser | null
  lastPage: LastPage | null
  /** The full URL the viewer was on before the last remembered page (spec §2). */
  previousUrl: string | null
  /**
   * Scores hidden until asked for, for a viewer not signed in (decision 0057); a signed-in viewer's
   * choice is their alert settings' `spoiler_free`. `useSpoilerFree` answers for both.
   */
  spoilerFree: boolean
}

interface AppState extends PersistedState {
  /**
   * Where a sign-in that has just happened leads (spec §2: the last visited page). Set with the session
   * so the router moves the viewer off the sign-in page in the same render that signs them in; cleared
   * once they have left it. Not persisted.
   */
  afterSignIn: string | null
  /** The games whose hidden score the viewer chose to see, for this visit (not persisted). */
  revealedScores: readonly number[]
  setChannelKey(channelKey: string | null): void
  setApiKey(apiKey: string | null): void
  setUser(user: SessionUser | null): void
  /** Spec §8: a 401 forgets the signed-in user; the anonymous api key stays. */
  resetUser(): void
  /** Spec §4: the session's own api key replaces the anonymous one, and its profile becomes the user. */
  signIn(session: AuthSession, afterSignIn?: string | null): void
  /** Spec §4 logout: forget the user and the api key (a new anonymous key is fetched next). */
  signOut(): void
  clearAfterSignIn(): void
  rememberPage(lastPage: LastPage, previousUrl: string | null): void
  setSpoilerFree(spoilerFree: boolean): void
  revealScore(eventId: number): void
}

const initialState: PersistedState = {
  channelKey: null,
  apiKey: null,
  user: null,
  lastPage: null,
  previousUrl: null,
  spoilerFree: false,
}

export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      ...initialState,
      afterSignIn: null,
      revealedScores: [],
      setChannelKey: (channelKey) => set({ channelKey }),
      setApiKey: (apiKey) => set({ apiKey }),
      setUser: (user) => set({ user }),
      resetUser: () => set({ user: null }),
      signIn: (session, afterSignIn = null) => set({ apiKey: session.api_key, user: session.profile, afterSignIn }),
      signOut: () => set({ apiKey: null, user: null, afterSignIn: null }),
      clearAfterSignIn: () => set({ afterSignIn: null }),
      rememberPage: (lastPage, previousUrl) => set({ lastPage, previousUrl }),
      setSpoilerFree: (spoilerFree) => set({ spoilerFree }),
      revealScore: (eventId) =>
        set((state) =>
          state.revealedScores.includes(eventId) ? state : { revealedScores: [...state.revealedScores, eventId] },
        ),
    }),
    {
      // Stored as `rudy_app`, living about 360 days (spec §9).
      name: APP_STORE_NAME,
      version: 1,
      storage: createJSONStorage(() => createTtlStorage({ backend: browserBackend() })),
      partialize: ({ channelKey, apiKey, user, lastPage, previousUrl, spoilerFree }): PersistedState => ({
        channelKey,
        apiKey,
        user,
        lastPage,
        previousUrl,
        spoilerFree,
      }),
      // A stored user of another shape (an older build, a hand-edited store) is dropped, not trusted.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<PersistedState>
        const user = ProfileSchema.safeParse(stored.user)
        return {
          ...current,
          ...stored,
          user: user.success ? user.data : null,
          spoilerFree: stored.spoilerFree === true,
        }
      },
    },
  ),
)

/** The api client's view of the store. */
export const storeKeyStore: KeyStore = {
  getApiKey: () => useAppStore.getState().apiKey,
  setApiKey: (apiKey) => useAppStore.getState().setApiKey(apiKey),
  getChannelKey: () => useAppStore.getState().channelKey,
  setChannelKey: (channelKey) => useAppStore.getState().setChannelKey(channelKey),
}
