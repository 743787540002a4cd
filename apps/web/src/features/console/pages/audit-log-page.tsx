import { useCallback } from 'react'
import type { Row } from '../api/admin-api'
import { ResourceList } from '../components/resource-list'

/** What changed: the fields whose value differs between before and after. */
function Changes({ row }: { row: Row }) {
  const before = (row.before ?? {}) as Record<string, unknown>
  const after = (row.after ?? {}) as Record<string, unknown>
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  )
  if (keys.length === 0) return <span>—</span>
  const text = (value: unknown) => (value === undefined ? '∅' : JSON.stringify(value))
  return (
    <details>
      <summary>
        {keys.length} field{keys.length === 1 ? '' : 's'}
      </summary>
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
  const changes = useCallback((row: Row) => <Changes row={row} />, [])
  return (
    <>
      <h1>Audit log</h1>
      <p className="console-lead">Every change an operator made on this channel, newest first.</p>
      <ResourceList
        resource="audit-log"
        caption="Operator changes"
        columns={[
          { key: 'created_at', header: 'When', sortable: true, format: 'date' },
          { key: 'user_email', header: 'Who' },
          { key: 'action', header: 'Action' },
          { key: 'resource', header: 'Resource' },
          { key: 'resource_id', header: 'Id' },
        ]}
        defaultSort="created_at"
        defaultDirection="desc"
        rowActions={changes}
        actionsHeader="Changes"
        searchLabel="Search by operator email"
        emptyText="No changes recorded yet."
      />
    </>
  )
}
