import { errorText, httpStatus, splitFieldErrors } from '../api/error-text'

type SetFieldError<F extends string> = (
  name: F,
  error: { type: string; message: string },
  options?: { shouldFocus: boolean },
) => void

/**
 * Puts a failed submit's field errors (422 `errors`) under the form's own fields, focusing the first,
 * and returns what the form should say as a whole: the form's own words for the status (`byStatus`),
 * else a message about other fields, else (no field errors at all) the failure in words. Null when
 * there is nothing more to say (or the call was cancelled).
 */
export function applyServerErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: SetFieldError<F>,
  byStatus?: Readonly<Partial<Record<number, string>>>,
): string | null {
  // A status the form words its own way says it all (a refused sign-in is not the email field's fault).
  const status = httpStatus(error)
  const worded = status === null ? undefined : byStatus?.[status]
  if (worded) return worded
  const split = splitFieldErrors(error, fields)
  split.fields.forEach(([name, message], index) => {
    setError(name, { type: 'server', message }, { shouldFocus: index === 0 })
  })
  if (split.fields.length > 0) return split.other[0] ?? null
  return split.other[0] ?? errorText(error, byStatus)
}
