import { messages } from '@fieldhouse/contract'
import type { z } from 'zod'
import { type FieldErrors, invalid } from './errors.js'

/** Validates service input with a contract schema; a failure is a 422 with field-by-field messages. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'input'
    errors[field] = [...(errors[field] ?? []), issue.message]
  }
  throw invalid(errors, messages.validationFailed)
}
