import type { ComponentType } from 'react'
import { create } from 'zustand'

/** Spec §3 Popup: a component shown over the page, with what happens on ok and on cancel. */
export interface PopupInput {
  component: ComponentType<PopupContentProps>
  title?: string
  ok?: () => void | Promise<void>
  cancel?: () => void
}

export interface PopupContentProps {
  close(): void
}

interface PopupState {
  popup: PopupInput | null
  open(popup: PopupInput): void
  close(): void
}

export const usePopupStore = create<PopupState>()((set) => ({
  popup: null,
  open: (popup) => set({ popup }),
  close: () => set({ popup: null }),
}))
