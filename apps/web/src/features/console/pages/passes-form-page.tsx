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
import { Fact } from '../components/fact'
import { PageHead } from '../components/page-head'
import { SubmitActions } from '../components/submit-actions'
import { useOperator } from '../operator-context'
import { useConsoleText } from '../words'

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
  const t = useConsoleText()
  return <>{t(enabled ? 'passesForm.explainOn' : 'passesForm.explainOff')}</>
}

function PassesForm({ form: stored, readOnly }: { form: AdminPassesForm; readOnly: boolean }) {
  const t = useConsoleText()
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
      setMessage({ tone: 'success', text: t('passesForm.saved') })
    } catch (error) {
      const names = ['enabled', 'fields', ...list.fields.map((_, i) => `fields.${i}.name`)] as never[]
      const text = applyServerErrors(error, names, form.setError as never)
      if (text) setMessage({ tone: 'error', text })
    }
  })

  return (
    <form className="console-form" noValidate onSubmit={submit}>
      {readOnly ? <p className="console-readonly">{t('common.readOnly')}</p> : null}
      <fieldset className="console-passes" disabled={readOnly}>
        <legend className="visually-hidden">{t('passesForm.legend')}</legend>
        <CheckboxField
          label={t('passesForm.ask')}
          hint={<Explanation enabled={enabled} />}
          error={errors.enabled?.message}
          {...form.register('enabled')}
        />

        <h2>{t('passesForm.fields')}</h2>
        <p className="field__hint">{t('passesForm.fieldsHint')}</p>
        <ol className="console-passes__fields">
          <li className="console-passes__row console-passes__row--locked">
            <span className="console-passes__name">
              <code>{BASIC_PASS_FIELD}</code>
            </span>
            <span className="field__hint">{t('passesForm.basicHint')}</span>
          </li>
          {list.fields.map((item, index) => (
            <li key={item.id} className="console-passes__row">
              <TextField
                label={t('passesForm.fieldName', { number: index + 1 })}
                autoComplete="off"
                spellCheck={false}
                error={errors.fields?.[index]?.name?.message}
                {...form.register(`fields.${index}.name`)}
              />
              <TextField
                label={t('passesForm.fieldDefault', { number: index + 1 })}
                autoComplete="off"
                error={errors.fields?.[index]?.default?.message}
                {...form.register(`fields.${index}.default`)}
              />
              {readOnly ? null : (
                <Button
                  variant="secondary"
                  className="console-passes__remove"
                  aria-label={
                    item.name
                      ? t('passesForm.removeNamedField', { number: index + 1, name: item.name })
                      : t('passesForm.removeField', { number: index + 1 })
                  }
                  onClick={() => list.remove(index)}
                >
                  {t('common.remove')}
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
            {t('passesForm.addField')}
          </Button>
        )}
      </fieldset>
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      {readOnly ? null : (
        <SubmitActions disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('common.saving') : t('common.saveChanges')}
        </SubmitActions>
      )}
    </form>
  )
}

/**
 * The passes custom form (spec §4, decision 0023): whether the channel asks signed-in viewers to
 * choose a pass, the form's extra fields, and how many viewers have answered.
 */
export default function PassesFormPage() {
  const t = useConsoleText()
  const me = useOperator()
  const item = useAdminItem(resource, null)
  const data = item.data as AdminPassesForm | undefined
  return (
    <>
      <PageHead title={t('passesForm.title')} lead={t('passesForm.lead')} />
      {item.isPending ? <PageLoader /> : null}
      {item.isError ? <FormMessage tone="error">{errorText(item.error) ?? t('common.didNotLoad')}</FormMessage> : null}
      {data ? (
        <>
          <dl className="console-dl console-passes__counts">
            <Fact term={t('passesForm.choseBasic')}>{data.counts.basic_pass}</Fact>
            <Fact term={t('passesForm.answered')}>{data.counts.answered}</Fact>
          </dl>
          <PassesForm form={data} readOnly={!allowed(me, 'update', 'custom-forms')} />
        </>
      ) : null}
    </>
  )
}
