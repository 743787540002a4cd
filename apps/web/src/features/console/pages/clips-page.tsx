import { ClipStatusSchema, formatClipTime } from '@fieldhouse/contract'
import { useCallback, useId, useMemo, useState } from 'react'
import { useHref } from 'react-router'
import { Button } from '../../../components/ui/button'
import { errorText } from '../../../lib/api/error-text'
import { paths } from '../../../lib/navigation/paths'
import { allowed } from '../access'
import { type Row, useAdminDelete, useAdminOptions } from '../api/admin-api'
import { useChannelTime } from '../channel-time'
import { ResourceList } from '../components/resource-list'
import { useOperator } from '../operator-context'

const statusLabels: Record<string, string> = {
  queued: 'Queued',
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
}

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
  const clip = clipOf(row)
  const href = useHref(paths.share(clip.id, clip.uuid))
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {clip.name}
      <span className="visually-hidden"> (share page, opens in a new tab)</span>
    </a>
  )
}

/** The clip's name (its share page), then its game and length. */
function ClipCell({ row }: { row: Row }) {
  const clip = clipOf(row)
  return (
    <>
      <ShareLink row={row} />
      <span className="console-clip-meta">
        {clip.event?.name ?? 'No game'} · {formatClipTime(clip.duration)}
      </span>
    </>
  )
}

/** Delete, then an inline confirmation: the clip and its files go for good. */
function ClipActions({ row, canDelete, onDone }: { row: Row; canDelete: boolean; onDone: (text: string) => void }) {
  const clip = clipOf(row)
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const remove = useAdminDelete('clips')
  if (!canDelete) return null
  if (!confirming)
    return (
      <Button variant="danger" aria-label={`Delete ${clip.name}`} onClick={() => setConfirming(true)}>
        Delete
      </Button>
    )
  return (
    <fieldset className="console-inline-confirm console-clip-confirm">
      <legend>Delete “{clip.name}” for good?</legend>
      <Button
        variant="danger"
        // The confirmation appears where the operator pressed Delete: focus moves to it.
        autoFocus
        disabled={remove.isPending}
        onClick={() =>
          // The promise, not mutate's callbacks: the row (and this component) is gone once the list reloads.
          remove.mutateAsync(clip.id).then(
            () => onDone(`“${clip.name}” deleted.`),
            (e: unknown) => setError(errorText(e) ?? 'Not deleted.'),
          )
        }
      >
        Delete for good
      </Button>
      <Button variant="secondary" onClick={() => setConfirming(false)}>
        Keep
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
  const { date } = useChannelTime()
  const me = useOperator()
  const canDelete = allowed(me, 'delete', 'clips')
  const events = useAdminOptions('events')
  const [eventId, setEventId] = useState('')
  const [status, setStatus] = useState('')
  const [done, setDone] = useState<string | null>(null)
  const eventFieldId = useId()
  const statusFieldId = useId()
  const filters = useMemo(() => ({ event_id: eventId, status }), [eventId, status])

  const actions = useCallback(
    (row: Row) => <ClipActions row={row} canDelete={canDelete} onDone={setDone} />,
    [canDelete],
  )
  const columns = useMemo(
    () => [
      { key: 'poster', header: 'Poster', render: (row: Row) => <Poster row={row} /> },
      { key: 'name', header: 'Clip', sortable: true, render: (row: Row) => <ClipCell row={row} /> },
      {
        key: 'author',
        header: 'By',
        render: (row: Row) => <span className="console-clip-author">{clipOf(row).author.email}</span>,
      },
      {
        key: 'status',
        header: 'Status',
        sortable: true,
        render: (row: Row) => {
          const clip = clipOf(row)
          const label = statusLabels[clip.status] ?? clip.status
          return clip.failure_reason ? `${label}: ${clip.failure_reason}` : label
        },
      },
      { key: 'downloads', header: 'Downloads', sortable: true },
      {
        key: 'created_at',
        header: 'Made',
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
    [date],
  )

  return (
    <>
      <h1>Clips</h1>
      <p className="console-lead">
        What viewers clipped from this channel’s games. Deleting a clip removes its video and its share link.
      </p>
      <p role="status" className="console-note">
        {done}
      </p>
      <ResourceList
        resource="clips"
        caption="Viewers’ clips"
        columns={columns}
        defaultSort="created_at"
        defaultDirection="desc"
        rowActions={actions}
        actionsHeader="Actions"
        searchLabel="Search by clip name or author email"
        emptyText="No clips match."
        filters={filters}
        toolbar={
          <div className="console-list__filters">
            <div className="field">
              <label className="field__label" htmlFor={eventFieldId}>
                Game
              </label>
              <select
                id={eventFieldId}
                className="field__input"
                value={eventId}
                onChange={(e) => setEventId(e.target.value)}
              >
                <option value="">All games</option>
                {(events.data ?? []).map((row) => (
                  <option key={row.id} value={String(row.id)}>
                    {String(row.name ?? row.id)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor={statusFieldId}>
                Status
              </label>
              <select
                id={statusFieldId}
                className="field__input"
                value={status}
                onChange={(e) => setStatus(e.target.value)}
              >
                <option value="">Any status</option>
                {ClipStatusSchema.options.map((value) => (
                  <option key={value} value={value}>
                    {statusLabels[value]}
                  </option>
                ))}
              </select>
            </div>
          </div>
        }
      />
    </>
  )
}
