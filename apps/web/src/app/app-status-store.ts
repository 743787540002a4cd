import { create } from 'zustand'

interface AppStatusState {
  /** Spec §2: the api key could not be recovered; the error screen replaces the app. */
  isApiKeyErrorShown: boolean
  showApiKeyError(): void
}

export const useAppStatusStore = create<AppStatusState>()((set) => ({
  isApiKeyErrorShown: false,
  showApiKeyError: () => set({ isApiKeyErrorShown: true }),
}))
