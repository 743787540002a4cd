import { formatDateTime, formatMoney } from '@fieldhouse/contract'
import { type ReactNode, useId, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { FormMessage } from '../../../components/ui/form-field'
import { errorText } from '../../../lib/api/error-text'
import { type Row, useAdminDelete, useAdminList, useAdminOptions } from '../api/admin-api'
import { useChannelTime } from '../channel-time'
import type { ColumnConfig } from '../resources'
import { useConsoleText } from '../words'

const PAGE_SIZE = 25

/** The list's sort: the server sorts and pages (the table shows one page as sent). */
type Sorting = { id: string; desc: boolean } | null

/** One column of the table: its header, whether it sorts, and its cell. */
interface TableColumn {
  id: string
  header: string
  sortable: boolean
  cell: (row: Row) => ReactNode
}

function ReferenceName({ resource, id }: { resource: string; id: unknown }) {
  const options = useAdminOptions(resource)
  if (id === null || id === undefined || id === '') return <>—</>
  const row = options.data?.find((item) => String(item.id) === String(id))
  return <>{row ? String(row.name ?? row.title ?? id) : String(id)}</>
}

function YesNo({ value }: { value: boolean }) {
  const t = useConsoleText()
  return <>{t(value ? 'common.yes' : 'common.no')}</>
}

/** A list column: a config column, or one drawn from the whole row (a thumbnail, a link). */
export type ListColumn = ColumnConfig & { render?: (row: Row) => ReactNode }

/** A cell's text in the column's format; a time on the clock of `zone`, money in the channel's currency (channel-time.ts). */
export function CellValue({
  column,
  value,
  zone,
  currency,
  locale,
}: {
  column: ColumnConfig
  value: unknown
  zone: string
  currency: string
  locale: string
}) {
  if (column.format === 'reference' && column.resource) return <ReferenceName resource={column.resource} id={value} />
  if (value === null || value === undefined || value === '') return <>—</>
  switch (column.format) {
    case 'date': {
      const at = typeof value === 'number' ? value : String(value)
      const time = typeof at === 'number' ? at : Date.parse(at)
      return Number.isNaN(time) ? (
        String(value)
      ) : (
        <time className="console-nowrap" dateTime={typeof at === 'string' ? at : new Date(time).toISOString()}>
          {formatDateTime(at, zone, { locale })}
        </time>
      )
    }
    case 'money':
      return <>{formatMoney(Number(value), currency, locale)}</>
    case 'boolean':
      return <YesNo value={Boolean(value)} />
    case 'color':
      return (
        <span className="console-swatch">
          <span className="console-swatch__chip" style={{ background: String(value) }} aria-hidden="true" />
          {String(value)}
        </span>
      )
    case 'list':
      return <>{Array.isArray(value) ? value.join(', ') : String(value)}</>
    default:
      return <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>
  }
}

export interface ResourceListProps {
  resource: string
  /** The table's caption: what the list is. */
  caption: string
  columns: readonly ListColumn[]
  defaultSort?: string | undefined
  defaultDirection?: 'asc' | 'desc'
  /** The header of the extra cells' column. */
  actionsHeader?: string
  /** Where a row's name links to (its form), or null for rows without one. */
  rowHref?: ((row: Row) => string | null) | undefined
  /** The first column's name key (the row's link). */
  titleKey?: string | undefined
  canDelete?: boolean
  /** Extra cells at the end of each row (e.g. a role picker). */
  rowActions?: ((row: Row) => ReactNode) | undefined
  /** Search box label. */
  searchLabel?: string
  /** False for a list the server does not search (the operators: a handful of rows, all at once). */
  searchable?: boolean
  /** Further query fields (a resource's filters); a change goes back to the first page. */
  filters?: Record<string, string>
  /** The filters' controls, shown beside the search box. */
  toolbar?: ReactNode
  emptyText?: string
}

/**
 * A list as the server pages it: search, sort by a column header, previous and next page. The table is
 * TanStack Table in manual mode (the server sorts and pages); headers are buttons that say their sort
 * through `aria-sort`, and every table has a caption.
 */
export function ResourceList({
  resource,
  caption,
  columns,
  defaultSort,
  defaultDirection = 'asc',
  actionsHeader,
  rowHref,
  titleKey,
  canDelete = false,
  rowActions,
  searchLabel,
  searchable = true,
  emptyText,
  filters,
  toolbar,
}: ResourceListProps) {
  const t = useConsoleText()
  const [search, setSearch] = useState('')
  const [sort, setSort] = useState<Sorting>(defaultSort ? { id: defaultSort, desc: defaultDirection === 'desc' } : null)
  const [offset, setOffset] = useState(0)
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const searchId = useId()
  // Other filters: back to the first page as soon as they change.
  const filtersKey = JSON.stringify(filters ?? {})
  const [shownFilters, setShownFilters] = useState(filtersKey)
  if (shownFilters !== filtersKey) {
    setShownFilters(filtersKey)
    setOffset(0)
  }
  const list = useAdminList(resource, {
    search,
    sort: sort?.id ?? null,
    direction: sort?.desc ? 'desc' : 'asc',
    offset,
    limit: PAGE_SIZE,
    ...(filters ? { filters } : {}),
  })
  const remove = useAdminDelete(resource)
  const { zone, currency, locale } = useChannelTime()
  const nameKey = titleKey ?? columns[0]?.key ?? 'id'

  const columnDefs = useMemo<TableColumn[]>(() => {
    const defs: TableColumn[] = columns.map((column) => ({
      id: column.key,
      header: column.header,
      sortable: column.sortable === true,
      cell: (row) => {
        if (column.render) return column.render(row)
        const value = row[column.key]
        const href = column.key === nameKey ? rowHref?.(row) : null
        const zoneOfRow = column.zoneKey ? row[column.zoneKey] : null
        const cell = (
          <CellValue
            column={column}
            value={value}
            zone={typeof zoneOfRow === 'string' && zoneOfRow ? zoneOfRow : zone}
            currency={currency}
            locale={locale}
          />
        )
        return href ? <Link to={href}>{cell}</Link> : cell
      },
    }))
    if (canDelete || rowActions) {
      defs.push({
        id: 'actions',
        header: actionsHeader ?? t('list.actions'),
        sortable: false,
        cell: (row) => (
          <div className="console-row-actions">
            {rowActions?.(row)}
            {canDelete ? (
              <Button
                variant="danger"
                disabled={remove.isPending}
                aria-label={t('list.deleteName', { name: String(row[nameKey] ?? row.id) })}
                onClick={() => {
                  const name = String(row[nameKey] ?? row.id)
                  if (!window.confirm(t('list.confirmDelete', { name }))) return
                  remove.mutate(row.id, {
                    onSuccess: () => setMessage({ tone: 'success', text: t('list.deleted', { name }) }),
                    onError: (error) => setMessage({ tone: 'error', text: errorText(error) ?? t('list.notDeleted') }),
                  })
                }}
              >
                {t('list.delete')}
              </Button>
            ) : null}
          </div>
        ),
      })
    }
    return defs
  }, [columns, nameKey, rowHref, canDelete, rowActions, remove, actionsHeader, zone, currency, locale, t])

  const rows = list.data?.data ?? []
  /** A header's click: the other direction of the sorted column; another column starts ascending for text, descending for numbers and dates. */
  const toggleSort = (id: string) => {
    const first = rows[0]?.[id]
    const next = sort?.id === id ? { id, desc: !sort.desc } : { id, desc: typeof first !== 'string' }
    setSort(next)
    setOffset(0)
  }

  const meta = list.data?.meta
  const total = meta?.total ?? 0
  const pageSize = meta?.limit ?? total
  const shownFrom = total === 0 ? 0 : offset + 1
  const shownTo = Math.min(offset + (pageSize || PAGE_SIZE), total)

  return (
    <div className="console-list">
      {searchable ? (
        <>
          {/* biome-ignore lint/a11y/useSemanticElements: <search> is not yet in React's element types */}
          <div role="search" className="console-list__search">
            <label htmlFor={searchId}>{searchLabel ?? t('list.search')}</label>
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value)
                setOffset(0)
              }}
            />
          </div>
        </>
      ) : null}
      {toolbar}
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      {list.isError ? <FormMessage tone="error">{errorText(list.error) ?? t('list.didNotLoad')}</FormMessage> : null}
      <div className="console-table-wrap">
        <table className="console-table" aria-busy={list.isFetching}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columnDefs.map((column) => {
                const sorted = sort?.id === column.id ? (sort.desc ? 'desc' : 'asc') : false
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {column.sortable ? (
                      <button type="button" className="console-table__sort" onClick={() => toggleSort(column.id)}>
                        {column.header}
                        <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}</span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                )
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row.id)}>
                {columnDefs.map((column) => (
                  <td key={column.id} data-label={column.header}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
            {list.isSuccess && total === 0 ? (
              <tr>
                <td colSpan={columnDefs.length}>{emptyText ?? t('list.empty')}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <nav className="console-pager" aria-label={t('list.pages', { what: caption })}>
        <p aria-live="polite">
          {list.isLoading ? t('common.loading') : t('list.showing', { from: shownFrom, to: shownTo, total })}
        </p>
        <Button variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
          {t('list.previous')}
        </Button>
        <Button
          variant="secondary"
          disabled={offset + PAGE_SIZE >= total}
          onClick={() => setOffset(offset + PAGE_SIZE)}
        >
          {t('list.next')}
        </Button>
      </nav>
    </div>
  )
}
