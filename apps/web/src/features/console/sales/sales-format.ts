/** Minor units in the channel's currency, as the console shows money. */
export function formatMoney(minor: number, currency: string) {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(minor / 100)
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`
  }
}

/** Minor units from what an operator typed (`12.50`); null when it is not an amount. */
export function minorOf(text: string): number | null {
  const t = text.trim().replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null
  return Math.round(Number(t) * 100)
}

/** A fresh key for one console money action: every retry of the action sends the same one. */
export const newActionKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
