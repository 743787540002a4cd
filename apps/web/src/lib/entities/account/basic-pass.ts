import { BASIC_PASS_FIELD, type CustomForm } from '@fieldhouse/contract'
import type { BasicPassStatus } from '../../navigation/navigation-rules'

/**
 * Flag values that mean "not chosen", as the server reads them. Values are strings on the wire; `'1'`
 * is what choosing stores.
 */
const unselectedValues: ReadonlySet<string> = new Set(['', '0', 'false'])

/** Spec §4: the basic pass is selected when its flag value is truthy or absent. */
export function isBasicPassValueSelected(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return true
  return !unselectedValues.has(value)
}

/**
 * Spec §4: the basic pass is needed only when the passes form exists (null: the server answered 404);
 * a form without the flag field counts as selected.
 */
export function basicPassStatusOf(form: CustomForm | null): Exclude<BasicPassStatus, 'unknown'> {
  if (!form) return 'not-needed'
  const field = form.fields.find((candidate) => candidate.name === BASIC_PASS_FIELD)
  return isBasicPassValueSelected(field?.value) ? 'selected' : 'required'
}

/** What submitting the passes form sends: the flag set to 1 (spec §4). */
export const basicPassSelection = () => [{ name: BASIC_PASS_FIELD, value: '1' }]
