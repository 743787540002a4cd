import { type KeyPlayWindow, KeyPlayWindowSchema } from '@fieldhouse/contract'

/** The two fields of "Adjust clip" (seconds before and after the moment) as the contract's window, or null. */
export function parseWindow(before: string, after: string): KeyPlayWindow | null {
  if (before.trim() === '' || after.trim() === '') return null
  const parsed = KeyPlayWindowSchema.safeParse({ before: Number(before), after: Number(after) })
  return parsed.success ? parsed.data : null
}
