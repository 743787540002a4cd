import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { KeyStore } from '../api/api-keys'
import type { LastPage } from '../navigation/remember-page'
import { browserBackend, createTtlStorage } from '../storage/ttl-storage'

/** The signed-in viewer. The accounts work fills in the profile; until then only who it is matters here. */
export interface SessionUser {
  id: number
  email: string
  first_name?: string | null
  last_name?: string | null
  temporary_password?: boolean
}

interface PersistedState {
  channelKey: string | null
  apiKey: string | null
  user: SessionUser | null
  lastPage: LastPage | null
  /** The full URL the viewer was on before the last remembered page (spec §2). */
  previousUrl: string | null
}

interface AppState extends PersistedState {
  setChannelKey(channelKey: string | null): void
  setApiKey(apiKey: string | null): void
  setUser(user: SessionUser | null): void
  /** Spec §8: a 401 forgets the signed-in user; the anonymous api key stays. */
  resetUser(): void
  rememberPage(lastPage: LastPage, previousUrl: string | null): void
}

const initialState: PersistedState = {
  channelKey: null,
  apiKey: null,
  user: null,
  lastPage: null,
  previousUrl: null,
}

export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      ...initialState,
      setChannelKey: (channelKey) => set({ channelKey }),
      setApiKey: (apiKey) => set({ apiKey }),
      setUser: (user) => set({ user }),
      resetUser: () => set({ user: null }),
      rememberPage: (lastPage, previousUrl) => set({ lastPage, previousUrl }),
    }),
    {
      // Stored as `rudy_app`, living about 360 days (spec §9).
      name: 'app',
      version: 1,
      storage: createJSONStorage(() => createTtlStorage({ backend: browserBackend() })),
      partialize: ({ channelKey, apiKey, user, lastPage, previousUrl }): PersistedState => ({
        channelKey,
        apiKey,
        user,
        lastPage,
        previousUrl,
      }),
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
