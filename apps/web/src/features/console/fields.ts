/**
 * The console's form fields, described once per resource (resources.ts) and drawn by one form
 * (components/resource-form.tsx). A field holds what the operator types (text); `toInput` turns a
 * form's values into the shape the contract's schema takes, and `toForm` a stored record into text.
 */
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

/** `2026-12-01T19:00` read as a wall-clock time in `timeZone` → an ISO instant with `Z`. */
export function zonedToIso(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!match) return null
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number]
  const asUtc = Date.UTC(y, mo - 1, d, h, mi)
  let offset = zoneOffsetMs(asUtc, timeZone)
  // Near a change of offset, the offset at the corrected instant is the right one.
  offset = zoneOffsetMs(asUtc - offset, timeZone)
  return new Date(asUtc - offset).toISOString().replace('.000Z', 'Z')
}

/** An ISO instant → `YYYY-MM-DDTHH:mm` on the wall clock of `timeZone`. */
export function isoToZoned(iso: string, timeZone: string): string {
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return ''
  const local = new Date(time + zoneOffsetMs(time, timeZone))
  return local.toISOString().slice(0, 16)
}

function zoneOffsetMs(instant: number, timeZone: string): number {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(instant))
    const get = (type: string) => Number(parts.find((part) => part.type === type)?.value)
    const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
    return wall - Math.floor(instant / 1000) * 1000
  } catch {
    return 0
  }
}

const splitList = (value: unknown) =>
  String(value ?? '')
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean)

/** What the operator typed → the contract's input shape (before its schema validates it). */
export function toInput(fields: readonly FieldConfig[], values: FormValues, isNew: boolean): FormValues {
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
        const text = String(value ?? '').trim()
        result[field.name] = text === '' ? 0 : /^\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : text
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
export function toForm(fields: readonly FieldConfig[], record: FormValues | undefined): FormValues {
  const result: FormValues = {}
  for (const field of fields) {
    const value = record === undefined ? field.initial : record[field.name]
    switch (field.kind) {
      case 'checkbox':
        result[field.name] = Boolean(value)
        break
      case 'money':
        result[field.name] = typeof value === 'number' ? (value / 100).toFixed(2) : ''
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
        result[field.name] = typeof value === 'string' ? isoToZoned(value, zone) : ''
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
