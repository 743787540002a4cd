import { FormMessage } from '../../../components/ui/form-field'
import { PageLoader } from '../../../components/ui/spinner'
import { errorText } from '../../../lib/api/error-text'
import { allowed } from '../access'
import { useAdminItem, useAdminSingletonSave } from '../api/admin-api'
import { ResourceForm } from '../components/resource-form'
import { useOperator } from '../operator-context'
import type { SingletonConfig } from '../singletons'
import { useConsoleText } from '../words'

const same = <T,>(record: T) => record

/** A singleton (`GET`/`PATCH /api/admin/{resource}`) drawn as one form, from its config in singletons.ts. */
export function SingletonPage({ config }: { config: SingletonConfig }) {
  const { resource, fields, schema, fromRecord = same, shapeInput, after: After } = config
  const t = useConsoleText()
  const me = useOperator()
  const item = useAdminItem(resource, null)
  const save = useAdminSingletonSave(resource)
  const title = t(config.title)
  return (
    <>
      <h1>{title}</h1>
      {config.lead ? <p className="console-lead">{t(config.lead)}</p> : null}
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
      {After ? <After /> : null}
    </>
  )
}
