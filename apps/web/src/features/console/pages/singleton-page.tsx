import type { AdminResource } from '@fieldhouse/contract'
import type { ReactNode } from 'react'
import type { z } from 'zod'
import { FormMessage } from '../../../components/ui/form-field'
import { PageLoader } from '../../../components/ui/spinner'
import { errorText } from '../../../lib/api/error-text'
import { allowed } from '../access'
import { useAdminItem, useAdminSingletonSave } from '../api/admin-api'
import { ResourceForm } from '../components/resource-form'
import type { FieldConfig, FormValues } from '../fields'
import { useOperator } from '../operator-context'
import { useConsoleText } from '../words'

/** A singleton (`GET`/`PATCH /api/admin/{resource}`) drawn as one form. */
export function SingletonPage({
  resource,
  title,
  lead,
  fields,
  schema,
  fromRecord = (record) => record,
  shapeInput,
}: {
  resource: AdminResource
  title: string
  lead?: ReactNode
  fields: readonly FieldConfig[]
  schema: z.ZodType
  /** The stored record → the form's record (e.g. nested settings flattened). */
  fromRecord?: (record: FormValues) => FormValues
  /** The form's fields → the PATCH body's shape, before the schema checks it. */
  shapeInput?: (input: FormValues) => FormValues
}) {
  const t = useConsoleText()
  const me = useOperator()
  const item = useAdminItem(resource, null)
  const save = useAdminSingletonSave(resource)
  return (
    <>
      <h1>{title}</h1>
      {lead ? <p className="console-lead">{lead}</p> : null}
      {item.isPending ? <PageLoader /> : null}
      {item.isError ? <FormMessage tone="error">{errorText(item.error) ?? t('common.didNotLoad')}</FormMessage> : null}
      {item.data ? (
        <ResourceForm
          fields={fields}
          record={fromRecord(item.data)}
          isNew={false}
          schema={schema}
          readOnly={!allowed(me, 'update', resource)}
          submitLabel={t('common.saveChanges')}
          savedText={t('common.saved', { what: title })}
          shapeInput={shapeInput}
          onSubmit={(values) => save.mutateAsync(values)}
        />
      ) : null}
    </>
  )
}
