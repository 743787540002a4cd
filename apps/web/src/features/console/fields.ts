/**
 * The console's form fields, described once per resource (resources.ts) and drawn by one form
 * (components/resource-form.tsx). A field holds what the operator types (text); `toInput` turns a
 * form's values into the shape the contract's schema takes, and `toForm` a stored record into text.
 */
import { fromLocalInput, moneyInput, parseMoney, toLocalInput } from '@fieldhouse/contract'
import type { ConsoleKey } from './words'

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'email'
  | 'color'
  | 'checkbox'
  | 'select'
  | 'reference'
  | 'references'
  | 'list'
  | 'money'
  | 'datetime'
  | 'date'
  | 'timezone'
  | 'participants'
  | 'image'
  | 'images'

/** A choice of a `select`; its label is a key of the console's words. */
export interface Option {
  value: string
  label: ConsoleKey
}

/** A field; its label and hint are keys of the console's words (`words.ts`). */
export interface FieldConfig {
  name: string
  label: ConsoleKey
  kind: FieldKind
  hint?: ConsoleKey
  required?: boolean
  /** `select`: the choices. */
  options?: readonly Option[]
  /** `reference` / `references` / `participants`: the admin resource whose rows are offered. */
  resource?: string
  /** `datetime`: the field holding the time zone the local time is read in. */
  zoneField?: string
  /** The value a new record's form starts with. */
  initial?: string | boolean
  /** What an empty optional text field sends: null (the default) or an empty string. */
  emptyAs?: null | ''
  /** Left out of the form when the record is new (or only shown when it is). */
  only?: 'create' | 'update'
}

export type FormValues = Record<string, unknown>

const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value)

/** `2026-12-01T19:00` read as a wall-clock time in `timeZone` → an ISO instant with `Z`; null when it is not one. */
export function zonedToIso(local: string, timeZone: string): string | null {
  const instant = fromLocalInput(local, timeZone)
  return instant === null ? null : new Date(instant).toISOString().replace('.000Z', 'Z')
}

const splitList = (value: unknown) =>
  String(value ?? '')
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean)

/** The currency and language money fields are typed in (the channel's). */
export interface MoneyFormat {
  currency: string
  locale: string
}

const USD: MoneyFormat = { currency: 'USD', locale: 'en' }

/** What the operator typed → the contract's input shape (before its schema validates it). */
export function toInput(
  fields: readonly FieldConfig[],
  values: FormValues,
  isNew: boolean,
  money: MoneyFormat = USD,
): FormValues {
  const result: FormValues = {}
  for (const field of fields) {
    if (field.only === 'create' && !isNew) continue
    if (field.only === 'update' && isNew) continue
    const value = values[field.name]
    switch (field.kind) {
      case 'checkbox':
        result[field.name] = Boolean(value)
        break
      case 'number':
        // An empty number leaves the field out: the schema's default applies (position 0, weight 1).
        if (value !== '' && value !== undefined && value !== null) result[field.name] = Number(value)
        break
      case 'money': {
        // Not an amount: left as typed, for the schema to refuse.
        const parsed = parseMoney(String(value ?? ''), money.currency, money.locale)
        result[field.name] = parsed.ok ? (parsed.minor ?? 0) : String(value)
        break
      }
      case 'reference':
        result[field.name] = value === '' || value === undefined || value === null ? null : Number(value)
        break
      case 'references':
        result[field.name] = Array.isArray(value) ? value.map(Number) : []
        break
      case 'list':
      case 'images':
        result[field.name] = splitList(value)
        break
      case 'datetime': {
        const zone = String(values[field.zoneField ?? 'time_zone'] ?? 'UTC') || 'UTC'
        result[field.name] = value ? (zonedToIso(String(value), zone) ?? String(value)) : ''
        break
      }
      case 'participants': {
        const sides = (value ?? {}) as { home?: string; away?: string }
        const list: Array<{ participant_id: number; side: 'home' | 'away' }> = []
        if (sides.home) list.push({ participant_id: Number(sides.home), side: 'home' })
        if (sides.away) list.push({ participant_id: Number(sides.away), side: 'away' })
        result[field.name] = list
        break
      }
      case 'color':
      case 'image':
        result[field.name] = blankToNull(value)
        break
      case 'select':
        result[field.name] = field.required ? value : blankToNull(value)
        break
      default:
        result[field.name] = field.required
          ? String(value ?? '')
          : value === '' || value === undefined || value === null
            ? (field.emptyAs ?? null)
            : value
    }
  }
  return result
}

/** A stored record → the text the form shows. */
export function toForm(
  fields: readonly FieldConfig[],
  record: FormValues | undefined,
  money: MoneyFormat = USD,
): FormValues {
  const result: FormValues = {}
  for (const field of fields) {
    const value = record === undefined ? field.initial : record[field.name]
    switch (field.kind) {
      case 'checkbox':
        result[field.name] = Boolean(value)
        break
      case 'money':
        result[field.name] = moneyInput(typeof value === 'number' ? value : null, money.currency, money.locale)
        break
      case 'references':
        result[field.name] = Array.isArray(value)
          ? value.map((item) => String(typeof item === 'object' && item ? (item as { id: unknown }).id : item))
          : []
        break
      case 'list':
      case 'images':
        result[field.name] = Array.isArray(value) ? value.join('\n') : ''
        break
      case 'date':
        result[field.name] = typeof value === 'string' ? value.slice(0, 10) : ''
        break
      case 'datetime': {
        const zone = String(record?.[field.zoneField ?? 'time_zone'] ?? 'UTC') || 'UTC'
        result[field.name] = typeof value === 'string' ? toLocalInput(value, zone) : ''
        break
      }
      case 'participants': {
        const list = Array.isArray(value) ? (value as Array<Record<string, unknown>>) : []
        const pick = (side: string) => {
          const found = list.find((item) => item.side === side)
          return found ? String(found.participant_id ?? found.id ?? '') : ''
        }
        result[field.name] = { home: pick('home'), away: pick('away') }
        break
      }
      default:
        result[field.name] = value === null || value === undefined ? '' : String(value)
    }
  }
  return result
}

/** The common IANA time zones offered first; any other valid zone may be typed. */
export const timeZones: readonly string[] = (() => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone')
  return supported && supported.length > 0 ? ['UTC', ...supported.filter((zone) => zone !== 'UTC')] : ['UTC']
})()
