import { constants, ToastType } from '@fieldhouse/contract'
import { create } from 'zustand'

/** Spec §3 Toast: `time` defaults to 5000 ms, `type` to info. */
export interface Toast {
  id: number
  text: string
  type: ToastType
  time: number
}

export interface ToastInput {
  text: string
  type?: ToastType
  time?: number
}

interface ToastState {
  toasts: Toast[]
  show(input: ToastInput): number
  dismiss(id: number): void
}

let nextId = 1

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show({ text, type = ToastType.info, time = constants.toastDurationMs }) {
    // The same notice raised twice in a row (several throttled requests) is shown once.
    const existing = get().toasts.find((toast) => toast.text === text && toast.type === type)
    if (existing) return existing.id
    const id = nextId++
    set((state) => ({ toasts: [...state.toasts, { id, text, type, time }] }))
    if (time > 0) setTimeout(() => get().dismiss(id), time)
    return id
  },
  dismiss(id) {
    set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }))
  },
}))

/** For code outside React (the api client's global error notice). */
export const showToast = (input: ToastInput) => useToastStore.getState().show(input)
