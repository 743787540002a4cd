import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { applyServerErrors } from '../../lib/forms/server-errors'
import { HumanCheckError } from './use-human-check'

/**
 * The form of a sign-in page: the schema checks the fields, then `submit` sends them. A failure is told
 * at the fields the server names (of `serverFields`), else above the form (`formError`, in the form's
 * own words for a status of `byStatus`, or the human check's); a new submit clears it.
 */
export function useAuthForm<Input extends FieldValues, Output extends FieldValues>({
  schema,
  defaultValues,
  serverFields,
  byStatus,
  submit,
}: {
  schema: z.ZodType<Output, Input>
  defaultValues: DefaultValues<Input>
  serverFields: readonly Path<Input>[]
  byStatus?: Readonly<Partial<Record<number, string>>>
  submit: (fields: Output) => Promise<unknown>
}) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues })
  const [formError, setFormError] = useState<string | null>(null)
  const onSubmit = form.handleSubmit(async (fields) => {
    setFormError(null)
    try {
      await submit(fields)
    } catch (error) {
      setFormError(
        error instanceof HumanCheckError
          ? error.message
          : applyServerErrors(error, serverFields, form.setError, byStatus),
      )
    }
  })
  const { errors, isSubmitting } = form.formState
  return { ...form, errors, isSubmitting, formError, onSubmit }
}
