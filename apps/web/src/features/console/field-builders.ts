/** Builders of the console's field configs (`fields.ts`): the shapes the resources and settings pages share. */
import type { FieldConfig, FieldKind, Option } from './fields'
import type { ConsoleKey } from './words'

/** The choices a word of `options` names as it is stored (`free` → `options.free`). */
type OptionWord = ConsoleKey extends infer K ? (K extends `options.${infer V}` ? V : never) : never
export const options = (...values: OptionWord[]): readonly Option[] =>
  values.map((value) => ({ value, label: `options.${value}` }))

/** A field of a kind, with its further settings. */
export const field = (
  name: string,
  label: ConsoleKey,
  kind: FieldKind,
  more: Partial<FieldConfig> = {},
): FieldConfig => ({
  name,
  label,
  kind,
  ...more,
})
/** A text the record must have. */
export const requiredText = (name: string, label: ConsoleKey, hint?: ConsoleKey) =>
  field(name, label, 'text', { required: true, ...(hint ? { hint } : {}) })
/** A choice the record must make; a new record's is `initial` when there is one. */
export const choice = (name: string, label: ConsoleKey, options: readonly Option[], initial?: string) =>
  field(name, label, 'select', { options, required: true, ...(initial === undefined ? {} : { initial }) })
/** A row of another resource (or, `references`, several of its rows). */
export const reference = (name: string, label: ConsoleKey, resource: string, kind: FieldKind = 'reference') =>
  field(name, label, kind, { resource })

/** A number the record must have, with the hint that says what it counts. */
export const requiredNumber = (name: string, label: ConsoleKey, hint: ConsoleKey) =>
  field(name, label, 'number', { required: true, hint })
