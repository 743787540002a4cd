import { constants } from '../constants.js'

/**
 * Money as the product shows and reads it: amounts in minor units in, the
 * channel's currency and language out. Spec §9: the default currency is USD and USD and CAD show
 * the symbol "$"; other currencies are written as the language writes them (`9,99 €`, `BGN 9.99`).
 * Plain functions over `Intl`, so the web pages, the console and the server's CSV exports share them.
 */

/** The currency's ISO code, upper case; the spec's default (USD) when there is none. */
export const currencyCode = (currency?: string | null) => (currency || constants.defaultCurrency).toUpperCase()

const numberFormats = new Map<string, Intl.NumberFormat | null>()

/** One formatter per language and currency, reused; null for a code `Intl` does not know. */
function currencyFormat(locale: string, code: string): Intl.NumberFormat | null {
  const key = `${locale}|${code}`
  let made = numberFormats.get(key)
  if (made === undefined) {
    try {
      made = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
    } catch {
      made = null
    }
    numberFormats.set(key, made)
  }
  return made
}

/** How many decimals the currency's amounts have (USD 2, JPY 0, KWD 3); 2 for a code `Intl` does not know. */
export function currencyDigits(currency?: string | null): number {
  return currencyFormat('en', currencyCode(currency))?.resolvedOptions().maximumFractionDigits ?? 2
}

/**
 * What the product stores and sends as "minor units": hundredths of the currency's main unit, in every
 * currency. Every amount already stored, the viewer API's prices (`base_price / 100`) and the payment
 * gateways were written that way, so the module keeps it (decision 0044): a yen price of ¥1,500 is 150000.
 */
export const MINOR_PER_UNIT = 100

/** How many decimals an amount may be typed with: the currency's own, at most the two that are stored (KWD 2). */
const typedDigits = (currency?: string | null) => Math.min(currencyDigits(currency), 2)

/** Minor units of an amount given in the currency's main unit (the catalogue's `9.99` → 999). */
export const toMinor = (major: number, _currency?: string | null) => Math.round(major * MINOR_PER_UNIT)

/** The currency's main unit of an amount in minor units (999 → 9.99). */
export const fromMinor = (minor: number, _currency?: string | null) => minor / MINOR_PER_UNIT

/**
 * An amount in minor units in `currency`, written in `locale`: `$9.99`, `9,99 €`, `¥1,235`. A negative
 * amount (a discount, a refund) takes the minus sign "−".
 */
export function formatMoney(minor: number, currency?: string | null, locale = 'en'): string {
  const code = currencyCode(currency)
  const major = fromMinor(minor, code)
  const format = currencyFormat(locale, code)
  if (!format) return `${major < 0 ? '−' : ''}${code} ${Math.abs(major).toFixed(currencyDigits(code))}`
  const dollar = (constants.dollarCurrencies as readonly string[]).includes(code)
  return format
    .formatToParts(major)
    .map((part) => (part.type === 'minusSign' ? '−' : part.type === 'currency' && dollar ? '$' : part.value))
    .join('')
}

/** An amount given in the currency's main unit (the viewer API's prices: `9.99`), as `formatMoney` writes it. */
export const formatPrice = (major: number, currency?: string | null, locale = 'en') =>
  formatMoney(toMinor(major, currency), currency, locale)

const separators = new Map<string, { decimal: string; group: string }>()
function separatorsOf(locale: string) {
  let found = separators.get(locale)
  if (!found) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(11111.1)
    found = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    }
    separators.set(locale, found)
  }
  return found
}

/** An amount in minor units as a form's field shows it for typing: `9.99` (`9,99` in French), `1235` yen. */
export function moneyInput(minor: number | null | undefined, currency?: string | null, locale = 'en'): string {
  if (typeof minor !== 'number' || !Number.isFinite(minor)) return ''
  const digits = typedDigits(currency)
  return fromMinor(minor, currency).toFixed(digits).replace('.', separatorsOf(locale).decimal)
}

export type MoneyRefusal = 'notAmount' | 'tooManyDecimals'

/** The words of a refused amount (the web translates them by their key). */
export const moneyMessages = {
  notAmount: 'Type an amount such as 12.50.',
  tooManyDecimals: (digits: number) =>
    digits === 0 ? 'This currency has no decimals.' : `Use at most ${digits} decimals.`,
} as const

/** A typed amount: its minor units (null when nothing was typed), or why it is refused. */
export type MoneyParse =
  | { ok: true; minor: number | null }
  | { ok: false; reason: MoneyRefusal; message: string; digits: number }

const SPACES = /[\s\u00a0\u202f]/g

/**
 * What an operator or viewer typed as an amount → minor units. Takes `12`, `12.5`, `12,50` (either mark
 * as the decimal one; in English a comma before three digits groups thousands: `1,250`), thousands
 * grouped by spaces or the language's own mark; refuses signs, letters, and more decimals than the
 * currency has (`12.505` dollars, `12.5` yen).
 */
export function parseMoney(text: string, currency?: string | null, locale = 'en'): MoneyParse {
  const digits = typedDigits(currency)
  const refuse = (reason: MoneyRefusal): MoneyParse => ({
    ok: false,
    reason,
    digits,
    message: reason === 'notAmount' ? moneyMessages.notAmount : moneyMessages.tooManyDecimals(digits),
  })
  const { group } = separatorsOf(locale)
  let t = text.trim()
  if (t === '') return { ok: true, minor: null }
  if (/^\d{1,3}([\s\u00a0\u202f]\d{3})+([.,]\d*)?$/.test(t)) t = t.replace(SPACES, '')
  const grouped = group === ',' || group === '.' ? group : null
  if (grouped) {
    const mark = grouped === ',' ? '\\.' : ','
    const thousands = new RegExp(`^\\d{1,3}(\\${grouped}\\d{3})+(${mark}\\d*)?$`)
    // "1,250" groups in English; "12,50" is still a decimal comma, as people type it.
    if (thousands.test(t)) t = t.split(grouped).join('')
  }
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(t)
  if (!match || !/\d/.test(t)) return refuse('notAmount')
  const [, whole = '', fraction = ''] = match
  if (fraction.length > digits) return refuse('tooManyDecimals')
  return { ok: true, minor: Number(whole) * MINOR_PER_UNIT + Number(fraction.padEnd(2, '0') || 0) }
}
