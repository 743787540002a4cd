import { ClipStatusSchema, formatClipTime } from '@fieldhouse/contract'
import { useCallback, useMemo, useState } from 'react'
import { useHref } from 'react-router'
import { Button } from '../../../components/ui/button'
import { errorText } from '../../../lib/api/error-text'
import { paths } from '../../../lib/navigation/paths'
import { allowed } from '../access'
import { type Row, rowChoices, useAdminDelete, useAdminOptions } from '../api/admin-api'
import { useChannelTime } from '../channel-time'
import { useListFilters } from '../components/list-filters'
import { PageHead } from '../components/page-head'
import { ResourceList } from '../components/resource-list'
import { useOperator } from '../operator-context'
import { newestFirst } from '../sales/sales-fields'
import { type ConsoleText, useConsoleText } from '../words'

const statusText = (t: ConsoleText, status: string) =>
  ClipStatusSchema.options.includes(status as never)
    ? t(`clipList.statuses.${status as (typeof ClipStatusSchema.options)[number]}`)
    : status

interface ClipRow {
  id: number
  uuid: string
  name: string
  poster: string | null
  status: string
  failure_reason: string | null
  event: { id: number; name: string } | null
  author: { id: number; email: string }
  start_time: number
  duration: number
}
const clipOf = (row: Row) => row as unknown as ClipRow

function Poster({ row }: { row: Row }) {
  const clip = clipOf(row)
  // The clip's name is in the next cell: the thumbnail adds nothing to read.
  return clip.poster ? (
    <img className="console-clip-poster" src={clip.poster} alt="" width={64} height={36} loading="lazy" />
  ) : (
    <span className="console-clip-poster console-clip-poster--none" aria-hidden="true" />
  )
}

function ShareLink({ row }: { row: Row }) {
  const t = useConsoleText()
  const clip = clipOf(row)
  const href = useHref(paths.share(clip.id, clip.uuid))
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {clip.name}
      <span className="visually-hidden">{t('clipList.sharePage')}</span>
    </a>
  )
}

/** The clip's name (its share page), then its game and length. */
function ClipCell({ row }: { row: Row }) {
  const t = useConsoleText()
  const clip = clipOf(row)
  return (
    <>
      <ShareLink row={row} />
      <span className="console-clip-meta">
        {clip.event?.name ?? t('clipList.noGame')} · {formatClipTime(clip.duration)}
      </span>
    </>
  )
}

/** Delete, then an inline confirmation: the clip and its files go for good. */
function ClipActions({ row, canDelete, onDone }: { row: Row; canDelete: boolean; onDone: (text: string) => void }) {
  const t = useConsoleText()
  const clip = clipOf(row)
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const remove = useAdminDelete('clips')
  if (!canDelete) return null
  if (!confirming)
    return (
      <Button
        variant="danger"
        aria-label={t('clipList.deleteNamed', { name: clip.name })}
        onClick={() => setConfirming(true)}
      >
        {t('clipList.delete')}
      </Button>
    )
  return (
    <fieldset className="console-inline-confirm console-clip-confirm">
      <legend>{t('clipList.confirm', { name: clip.name })}</legend>
      <Button
        variant="danger"
        // The confirmation appears where the operator pressed Delete: focus moves to it.
        autoFocus
        disabled={remove.isPending}
        onClick={() =>
          // The promise, not mutate's callbacks: the row (and this component) is gone once the list reloads.
          remove.mutateAsync(clip.id).then(
            () => onDone(t('clipList.deleted', { name: clip.name })),
            (e: unknown) => setError(errorText(e) ?? t('clipList.notDeleted')),
          )
        }
      >
        {t('clipList.deleteForGood')}
      </Button>
      <Button variant="secondary" onClick={() => setConfirming(false)}>
        {t('clipList.keep')}
      </Button>
      {error ? (
        <p role="alert" className="console-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/**
 * Clips (decision 0024): the viewers' clips of this channel, searched by name or author email, filtered
 * by game and status, with their poster and share page; Delete removes a clip and its files.
 */
export default function ClipsPage() {
  const t = useConsoleText()
  const { date } = useChannelTime()
  const me = useOperator()
  const canDelete = allowed(me, 'delete', 'clips')
  const events = useAdminOptions('events')
  const [done, setDone] = useState<string | null>(null)
  const listFilters = useListFilters([
    { key: 'event_id', label: t('clipList.game'), any: t('clipList.allGames'), options: rowChoices(events.data) },
    {
      key: 'status',
      label: t('clipList.status'),
      any: t('clipList.anyStatus'),
      options: ClipStatusSchema.options.map((value) => ({ value, label: t(`clipList.statuses.${value}`) })),
    },
  ])

  const actions = useCallback(
    (row: Row) => <ClipActions row={row} canDelete={canDelete} onDone={setDone} />,
    [canDelete],
  )
  const columns = useMemo(
    () => [
      { key: 'poster', header: t('clipList.poster'), render: (row: Row) => <Poster row={row} /> },
      { key: 'name', header: t('clipList.clip'), sortable: true, render: (row: Row) => <ClipCell row={row} /> },
      {
        key: 'author',
        header: t('clipList.by'),
        render: (row: Row) => <span className="console-clip-author">{clipOf(row).author.email}</span>,
      },
      {
        key: 'status',
        header: t('clipList.status'),
        sortable: true,
        render: (row: Row) => {
          const clip = clipOf(row)
          const label = statusText(t, clip.status)
          return clip.failure_reason
            ? t('clipList.failedBecause', { status: label, reason: clip.failure_reason })
            : label
        },
      },
      { key: 'downloads', header: t('clipList.downloads'), sortable: true },
      {
        key: 'created_at',
        header: t('clipList.made'),
        sortable: true,
        render: (row: Row) => {
          const time = Number(row.created_at)
          return (
            <time className="console-nowrap" dateTime={new Date(time).toISOString()}>
              {date(time)}
            </time>
          )
        },
      },
    ],
    [date, t],
  )

  return (
    <>
      <PageHead title={t('clipList.title')} lead={t('clipList.lead')} />
      <p role="status" className="console-note">
        {done}
      </p>
      <ResourceList
        resource="clips"
        caption={t('clipList.caption')}
        columns={columns}
        {...newestFirst}
        rowActions={actions}
        actionsHeader={t('clipList.actions')}
        searchLabel={t('clipList.search')}
        emptyText={t('clipList.empty')}
        {...listFilters}
      />
    </>
  )
}
