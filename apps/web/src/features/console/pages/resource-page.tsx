import type { AdminResource } from '@fieldhouse/contract'
import { useCallback, useMemo } from 'react'
import { Link, Route, Routes, useLocation, useNavigate, useParams } from 'react-router'
import { ButtonLink } from '../../../components/ui/button'
import { FormMessage } from '../../../components/ui/form-field'
import { PageLoader } from '../../../components/ui/spinner'
import { errorText } from '../../../lib/api/error-text'
import { allowed, inputSchemasOf } from '../access'
import { type Row, useAdminItem, useAdminSave } from '../api/admin-api'
import { ResourceForm } from '../components/resource-form'
import { ResourceList } from '../components/resource-list'
import { useOperator } from '../operator-context'
import type { ResourceConfig } from '../resources'
import { type ConsoleText, useConsoleText } from '../words'

/** A resource's headings, buttons and notices in the channel's language. */
const wordsOf =
  (t: ConsoleText, config: ResourceConfig) =>
  (key: 'plural' | 'one' | 'new' | 'create' | 'saved' | 'created' | 'search') =>
    t(`resources.${config.words}.${key}`)

/** A resource's list at its path, its form for a new record at `new` and for a stored one at `{id}`. */
export function ResourcePage({ config, basePath }: { config: ResourceConfig; basePath: string }) {
  return (
    <Routes>
      <Route index element={<ListView config={config} basePath={basePath} />} />
      <Route path="new" element={<FormView config={config} basePath={basePath} id={null} />} />
      <Route path=":id" element={<FormRoute config={config} basePath={basePath} />} />
    </Routes>
  )
}

function ListView({ config, basePath }: { config: ResourceConfig; basePath: string }) {
  const t = useConsoleText()
  const word = wordsOf(t, config)
  const columns = useMemo(
    () => config.columns.map((column) => ({ ...column, header: t(column.header) })),
    [config.columns, t],
  )
  const me = useOperator()
  const resource = config.resource as AdminResource
  const canCreate = allowed(me, 'create', resource)
  const rowHref = useCallback((row: Row) => `${basePath}/${row.id}`, [basePath])
  const notice = (useLocation().state as { notice?: string } | null)?.notice
  return (
    <>
      <div className="console-page-head">
        <h1>{word('plural')}</h1>
        {canCreate ? <ButtonLink to={`${basePath}/new`}>{word('new')}</ButtonLink> : null}
      </div>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <ResourceList
        resource={config.resource}
        caption={t('list.caption', { what: word('plural') })}
        columns={columns}
        defaultSort={config.defaultSort}
        titleKey={config.titleKey}
        rowHref={rowHref}
        canDelete={allowed(me, 'delete', resource)}
        searchLabel={word('search')}
      />
    </>
  )
}

function FormRoute({ config, basePath }: { config: ResourceConfig; basePath: string }) {
  const { id = '' } = useParams()
  return <FormView key={id} config={config} basePath={basePath} id={id} />
}

function FormView({ config, basePath, id }: { config: ResourceConfig; basePath: string; id: string | null }) {
  const t = useConsoleText()
  const word = wordsOf(t, config)
  const me = useOperator()
  const navigate = useNavigate()
  const resource = config.resource as AdminResource
  const isNew = id === null
  const item = useAdminItem(config.resource, id, !isNew)
  const save = useAdminSave(config.resource)
  const schemas = inputSchemasOf(config.resource)
  const readOnly = !allowed(me, isNew ? 'create' : 'update', resource)
  const name = item.data ? String(item.data[config.titleKey ?? 'name'] ?? id) : ''
  const title = isNew ? word('new') : `${word('one')}: ${name}`

  return (
    <>
      <p className="console-breadcrumb">
        <Link to={basePath}>{word('plural')}</Link>
      </p>
      <h1>{isNew || item.data ? title : word('one')}</h1>
      {!isNew && item.isPending ? <PageLoader /> : null}
      {!isNew && item.isError ? (
        <FormMessage tone="error">{errorText(item.error) ?? t('common.notFound')}</FormMessage>
      ) : null}
      {isNew || item.data ? (
        <ResourceForm
          fields={config.fields}
          record={item.data}
          isNew={isNew}
          schema={schemas ? (isNew ? schemas.create : schemas.update) : null}
          readOnly={readOnly}
          submitLabel={isNew ? word('create') : t('common.saveChanges')}
          savedText={word('saved')}
          onSubmit={async (values) => {
            await save.mutateAsync({ id, values })
            // A new record goes back to the list, which says it was created.
            if (isNew) await navigate(basePath, { state: { notice: word('created') } })
          }}
        />
      ) : null}
    </>
  )
}
