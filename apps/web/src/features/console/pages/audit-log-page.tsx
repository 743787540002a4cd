import { useCallback } from 'react'
import type { Row } from '../api/admin-api'
import { PageHead } from '../components/page-head'
import { ResourceList } from '../components/resource-list'
import { newestFirst } from '../sales/sales-fields'
import { useConsoleText } from '../words'

/** What changed: the fields whose value differs between before and after. */
function Changes({ row }: { row: Row }) {
  const t = useConsoleText()
  const before = (row.before ?? {}) as Record<string, unknown>
  const after = (row.after ?? {}) as Record<string, unknown>
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  )
  if (keys.length === 0) return <span>—</span>
  const text = (value: unknown) => (value === undefined ? '∅' : JSON.stringify(value))
  return (
    <details>
      <summary>{t('auditLog.fields', { count: keys.length })}</summary>
      <dl className="console-changes">
        {keys.map((key) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd>
              {text(before[key])} → {text(after[key])}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  )
}

/** Audit log (owners): every operator write, who, what, when, before → after. */
export default function AuditLogPage() {
  const t = useConsoleText()
  const changes = useCallback((row: Row) => <Changes row={row} />, [])
  return (
    <>
      <PageHead title={t('auditLog.title')} lead={t('auditLog.lead')} />
      <ResourceList
        resource="audit-log"
        caption={t('auditLog.caption')}
        columns={[
          { key: 'created_at', header: t('auditLog.when'), sortable: true, format: 'date' },
          { key: 'user_email', header: t('auditLog.who') },
          { key: 'action', header: t('auditLog.action') },
          { key: 'resource', header: t('auditLog.resource') },
          { key: 'resource_id', header: t('auditLog.id') },
        ]}
        {...newestFirst}
        rowActions={changes}
        actionsHeader={t('auditLog.changes')}
        searchLabel={t('auditLog.search')}
        emptyText={t('auditLog.empty')}
      />
    </>
  )
}
