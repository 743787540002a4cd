import {
  type AdminPassesForm,
  AdminPassesFormUpdateSchema,
  BASIC_PASS_FIELD,
  MAX_PASSES_FORM_FIELDS,
} from '@fieldhouse/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useFieldArray, useForm, useWatch } from 'react-hook-form'
import { Button } from '../../../components/ui/button'
import { CheckboxField, FormMessage, TextField } from '../../../components/ui/form-field'
import { PageLoader } from '../../../components/ui/spinner'
import { errorText } from '../../../lib/api/error-text'
import { applyServerErrors } from '../../../lib/forms/server-errors'
import { allowed } from '../access'
import { useAdminItem, useAdminSingletonSave } from '../api/admin-api'
import { useOperator } from '../operator-context'

const resource = 'custom-forms/passes'

interface FormShape {
  enabled: boolean
  fields: { name: string; default: string }[]
}

const toForm = (form: AdminPassesForm): FormShape => ({
  enabled: form.enabled,
  fields: form.fields.map((f) => ({ name: f.name, default: f.default ?? '' })),
})

/** What viewers see, in plain words, for the switch as it stands. */
function Explanation({ enabled }: { enabled: boolean }) {
  return enabled ? (
    <>
      Signed-in viewers who have not chosen a pass are taken to the passes page first. There they choose the free basic
      pass or buy one; until then they can read only the terms, the privacy policy and the passes.
    </>
  ) : (
    <>
      Viewers are not asked to choose a pass: once signed in they go straight to the site. Answers already given are
      kept, and count again if you turn this back on.
    </>
  )
}

function PassesForm({ form: stored, readOnly }: { form: AdminPassesForm; readOnly: boolean }) {
  const save = useAdminSingletonSave(resource)
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const form = useForm<FormShape>({
    // The contract's schema: '' as a default means no default, names checked as the server checks them.
    resolver: zodResolver(AdminPassesFormUpdateSchema) as never,
    defaultValues: toForm(stored),
  })
  const list = useFieldArray({ control: form.control, name: 'fields' })
  const enabled = useWatch({ control: form.control, name: 'enabled' })
  const errors = form.formState.errors
  const listError =
    (errors.fields as { message?: string } | undefined)?.message ?? errors.fields?.root?.message ?? undefined

  const submit = form.handleSubmit(async (values) => {
    setMessage(null)
    try {
      const saved = (await save.mutateAsync(values as unknown as Record<string, unknown>)) as AdminPassesForm
      form.reset(toForm(saved))
      setMessage({ tone: 'success', text: 'Passes form saved.' })
    } catch (error) {
      const names = ['enabled', 'fields', ...list.fields.map((_, i) => `fields.${i}.name`)] as never[]
      const text = applyServerErrors(error, names, form.setError as never)
      if (text) setMessage({ tone: 'error', text })
    }
  })

  return (
    <form className="console-form" noValidate onSubmit={submit}>
      {readOnly ? <p className="console-readonly">Your role may read this, not change it.</p> : null}
      <fieldset className="console-passes" disabled={readOnly}>
        <legend className="visually-hidden">The passes form</legend>
        <CheckboxField
          label="Ask signed-in viewers to choose a pass"
          hint={<Explanation enabled={enabled} />}
          error={errors.enabled?.message}
          {...form.register('enabled')}
        />

        <h2>Fields</h2>
        <p className="field__hint">
          Extra answers the passes form keeps for each viewer: a name (lower-case letters, digits and _) and the value a
          viewer has until they answer. Renaming a field starts it afresh; answers under the old name are kept.
        </p>
        <ol className="console-passes__fields">
          <li className="console-passes__row console-passes__row--locked">
            <span className="console-passes__name">
              <code>{BASIC_PASS_FIELD}</code>
            </span>
            <span className="field__hint">
              The viewer's pass choice: set to 1 when they choose the basic pass or buy a pass. Always there.
            </span>
          </li>
          {list.fields.map((item, index) => (
            <li key={item.id} className="console-passes__row">
              <TextField
                label={`Field ${index + 1} name`}
                autoComplete="off"
                spellCheck={false}
                error={errors.fields?.[index]?.name?.message}
                {...form.register(`fields.${index}.name`)}
              />
              <TextField
                label={`Field ${index + 1} default value`}
                autoComplete="off"
                error={errors.fields?.[index]?.default?.message}
                {...form.register(`fields.${index}.default`)}
              />
              {readOnly ? null : (
                <Button
                  variant="secondary"
                  className="console-passes__remove"
                  aria-label={`Remove field ${index + 1}${item.name ? ` (${item.name})` : ''}`}
                  onClick={() => list.remove(index)}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ol>
        {listError ? (
          <p className="field__error" role="alert">
            {listError}
          </p>
        ) : null}
        {readOnly ? null : (
          <Button
            variant="secondary"
            className="console-passes__add"
            disabled={list.fields.length >= MAX_PASSES_FORM_FIELDS}
            onClick={() => list.append({ name: '', default: '' }, { shouldFocus: true })}
          >
            Add a field
          </Button>
        )}
      </fieldset>
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      {readOnly ? null : (
        <div className="console-form__actions">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Saving…' : 'Save changes'}
          </Button>
        </div>
      )}
    </form>
  )
}

/**
 * The passes custom form (spec §4, decision 0023): whether the channel asks signed-in viewers to
 * choose a pass, the form's extra fields, and how many viewers have answered.
 */
export default function PassesFormPage() {
  const me = useOperator()
  const item = useAdminItem(resource, null)
  const data = item.data as AdminPassesForm | undefined
  return (
    <>
      <h1>Passes form</h1>
      <p className="console-lead">
        The free basic pass: with this form on, every signed-in viewer chooses a pass once, and may upgrade to a paid
        one at any time.
      </p>
      {item.isPending ? <PageLoader /> : null}
      {item.isError ? <FormMessage tone="error">{errorText(item.error) ?? 'Did not load.'}</FormMessage> : null}
      {data ? (
        <>
          <dl className="console-dl console-passes__counts">
            <div>
              <dt>Chose the basic pass</dt>
              <dd>{data.counts.basic_pass}</dd>
            </div>
            <div>
              <dt>Answered the form</dt>
              <dd>{data.counts.answered}</dd>
            </div>
          </dl>
          <PassesForm form={data} readOnly={!allowed(me, 'update', 'custom-forms')} />
        </>
      ) : null}
    </>
  )
}
