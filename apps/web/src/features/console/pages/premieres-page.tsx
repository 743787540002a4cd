import type { Premiere, PremiereRecording } from '@fieldhouse/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { Link, Route, Routes, useNavigate } from 'react-router'
import { Button, ButtonLink } from '../../../components/ui/button'
import { FormMessage, TextField } from '../../../components/ui/form-field'
import { PageLoader } from '../../../components/ui/spinner'
import { useApiClient } from '../../../lib/api/api-context'
import { errorText } from '../../../lib/api/error-text'
import { useMessageText } from '../../../lib/i18n/message-text'
import { allowed } from '../access'
import { adminQueriesRoot, useAdminOptions } from '../api/admin-api'
import { useChannelZone, zonedDateTime } from '../channel-time'
import { isoToZoned, zonedToIso } from '../fields'
import { useOperator } from '../operator-context'
import { SelectField, saveProblem } from '../sales/sales-fields'

const base = '/admin/premieres'
const listKey = [...adminQueriesRoot, 'premieres'] as const

/**
 * Premieres (decision 0030, its console in 0037): the channel's premieres with their state, scheduling
 * one (an event shown from a finished recording at a start time in the channel's time zone), and
 * calling one off. Managers and owners only: the navigation shows the page to no other role.
 */
export default function PremieresPage() {
  return (
    <Routes>
      <Route index element={<PremiereList />} />
      <Route path="new" element={<ScheduleForm />} />
    </Routes>
  )
}

const stateWords: Record<Premiere['status'], string> = { upcoming: 'Coming', live: 'Running', ended: 'Finished' }

/** The repeat as words: whole minutes, or seconds for the demo's short repeat. */
function repeatText(minutes: number | null) {
  if (minutes === null) return 'Once'
  if (Number.isInteger(minutes)) return `Every ${minutes} min`
  return `Every ${Math.round(minutes * 60)} s`
}

const sourceText = (p: Premiere) =>
  p.source === null
    ? `Recording #${p.asset_id}`
    : p.source.type === 'event'
      ? `Replay of ${p.source.name}`
      : `Library video: ${p.source.name}`

function PremiereList() {
  const api = useApiClient()
  const me = useOperator()
  const queryClient = useQueryClient()
  const zone = useChannelZone()
  const [confirming, setConfirming] = useState<Premiere | null>(null)
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const list = useQuery({
    queryKey: [...listKey, 'list'],
    queryFn: async ({ signal }) =>
      ((await api.get<Premiere[]>('admin/premieres', { signal })).data ?? []) as Premiere[],
    // The state follows the clock: asked again while the page is open.
    refetchInterval: 15_000,
  })
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`admin/premieres/${id}`)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  })
  const canCreate = allowed(me, 'create', 'premieres')
  const canDelete = allowed(me, 'delete', 'premieres')

  const callOff = (p: Premiere) =>
    remove.mutate(p.id, {
      onSuccess: () => {
        setConfirming(null)
        setMessage({ tone: 'success', text: `The premiere of ${p.event_name} is called off.` })
      },
      onError: (e) => setMessage({ tone: 'error', text: errorText(e) ?? 'The premiere was not called off.' }),
    })

  return (
    <>
      <div className="console-page-head">
        <h1>Premieres</h1>
        {canCreate ? <ButtonLink to={`${base}/new`}>Schedule a premiere</ButtonLink> : null}
      </div>
      <p className="console-lead">
        A finished recording — an event’s replay or a library video — shown as an event’s live broadcast from its start,
        for everyone at once. Times are in the channel’s time zone ({zone}).
      </p>
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      {confirming ? (
        <fieldset className="console-inline-confirm">
          <legend>
            Call off the premiere of {confirming.event_name}?
            {confirming.status === 'live' ? ' It is running: viewers see the replay at once.' : ''}
          </legend>
          <Button variant="danger" autoFocus disabled={remove.isPending} onClick={() => callOff(confirming)}>
            Call off the premiere
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Keep it
          </Button>
        </fieldset>
      ) : null}
      {list.isPending ? <PageLoader /> : null}
      {list.isError ? <FormMessage tone="error">{errorText(list.error) ?? ''}</FormMessage> : null}
      {list.data && list.data.length === 0 ? <p className="console-note">No premiere is scheduled.</p> : null}
      {list.data && list.data.length > 0 ? (
        <div className="console-table-wrap">
          <table className="console-table" aria-busy={list.isFetching}>
            <caption>The channel’s premieres, soonest first</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">State</th>
                <th scope="col">Start</th>
                <th scope="col">End</th>
                <th scope="col">Shows</th>
                <th scope="col">Repeat</th>
                {canDelete ? (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {list.data.map((p) => (
                <tr key={p.id}>
                  <th scope="row" className="console-table__name">
                    {p.event_name}
                  </th>
                  <td>
                    <span className={`console-live-badge${p.status === 'live' ? ' is-live' : ''}`}>
                      {stateWords[p.status]}
                    </span>
                  </td>
                  <td>
                    <time dateTime={p.starts_at}>{zonedDateTime(p.starts_at, zone, { seconds: true })}</time>
                  </td>
                  <td>
                    <time dateTime={p.ends_at}>{zonedDateTime(p.ends_at, zone, { seconds: true })}</time>
                  </td>
                  <td>{sourceText(p)}</td>
                  <td>{repeatText(p.repeat_every_minutes)}</td>
                  {canDelete ? (
                    <td>
                      <Button
                        variant="secondary"
                        aria-label={`Call off the premiere of ${p.event_name}`}
                        onClick={() => {
                          setMessage(null)
                          setConfirming(p)
                        }}
                      >
                        Call off
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  )
}

/** A start a couple of minutes ahead, on the channel's wall clock, to the minute. */
const soon = (zone: string) =>
  isoToZoned(new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 120_000).toISOString(), zone)

const durationText = (seconds: number | null) => {
  if (seconds === null) return ''
  const m = Math.floor(seconds / 60)
  const s = Math.round(seconds % 60)
  return m > 0 ? ` (${m} min ${s} s)` : ` (${s} s)`
}

function ScheduleForm() {
  const api = useApiClient()
  const me = useOperator()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const messageText = useMessageText()
  const zone = useChannelZone()
  const events = useAdminOptions('events')
  const sources = useQuery({
    queryKey: [...listKey, 'sources'],
    queryFn: async ({ signal }) =>
      ((await api.get<PremiereRecording[]>('admin/premieres/sources', { signal })).data ?? []) as PremiereRecording[],
  })
  const [eventId, setEventId] = useState('')
  const [source, setSource] = useState('')
  const [start, setStart] = useState<string | null>(null)
  const [repeat, setRepeat] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string | null>(null)
  const ids = { source: useId() }
  const save = useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      (await api.request<Premiere>('POST', 'admin/premieres', { body, keyInHeader: true })).data as Premiere,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  })
  if (!allowed(me, 'create', 'premieres')) {
    return <p className="console-readonly">Only managers and owners schedule premieres.</p>
  }
  const startText = start ?? soon(zone)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setErrors({})
    setMessage(null)
    if (eventId === '') {
      setErrors({ event_id: 'Choose the event it premieres as.' })
      return
    }
    const [kind, id] = source.split(':')
    const startsAt = zonedToIso(startText, zone)
    const body: Record<string, unknown> = {
      event_id: Number(eventId),
      starts_at: startsAt ?? startText,
      repeat_every_minutes: repeat.trim() === '' ? null : Number(repeat),
    }
    if (kind === 'event') body.source_event_id = Number(id)
    if (kind === 'vod') body.source_vod_media_item_id = Number(id)
    save.mutate(body, {
      onSuccess: () => void navigate(base),
      onError: (err) => {
        const problem = saveProblem(err)
        setErrors(problem.fields)
        setMessage(
          Object.keys(problem.fields).length > 0
            ? 'Nothing was scheduled: see what is marked above.'
            : problem.message || 'Nothing was scheduled.',
        )
      },
    })
  }

  /** A field changed: its error no longer stands. */
  const clear = (...fields: string[]) =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k))))
  const sourceError = errors.source_event_id ?? errors.source_vod_media_item_id
  const replays = (sources.data ?? []).filter((s) => s.type === 'event')
  const videos = (sources.data ?? []).filter((s) => s.type === 'vod')
  return (
    <>
      <p className="console-breadcrumb">
        <Link to={base}>Back to premieres</Link>
      </p>
      <h1>Schedule a premiere</h1>
      <p className="console-lead">
        An event has one premiere: scheduling it again moves it. Before the start the event counts down; from the start
        the recording plays live for everyone; after the end it is the event’s replay.
      </p>
      <form className="console-form" noValidate onSubmit={submit}>
        <fieldset className="console-fieldset">
          <legend>Premiere</legend>
          <SelectField
            label="Event it premieres as"
            value={eventId}
            error={errors.event_id}
            onChange={(v) => {
              setEventId(v)
              clear('event_id')
            }}
            options={[
              { value: '', label: 'Choose an event' },
              ...(events.data ?? []).map((row) => ({ value: String(row.id), label: String(row.name ?? row.id) })),
            ]}
          />
          <div className="field">
            <label className="field__label" htmlFor={ids.source}>
              Recording it shows
            </label>
            <select
              id={ids.source}
              className="field__input"
              value={source}
              aria-invalid={sourceError ? true : undefined}
              aria-describedby={sourceError ? `${ids.source}-error` : `${ids.source}-hint`}
              onChange={(e) => {
                setSource(e.target.value)
                clear('source_event_id', 'source_vod_media_item_id')
              }}
            >
              <option value="">Choose a recording</option>
              {replays.length > 0 ? (
                <optgroup label="Replays of events">
                  {replays.map((s) => (
                    <option key={`event:${s.id}`} value={`event:${s.id}`}>
                      {s.name}
                      {durationText(s.duration)}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              {videos.length > 0 ? (
                <optgroup label="Library videos">
                  {videos.map((s) => (
                    <option key={`vod:${s.id}`} value={`vod:${s.id}`}>
                      {s.name}
                      {durationText(s.duration)}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
            {sourceError ? (
              <p id={`${ids.source}-error`} className="field__error">
                {messageText(sourceError)}
              </p>
            ) : (
              <p id={`${ids.source}-hint`} className="field__hint">
                {sources.data && sources.data.length === 0
                  ? 'No recording is ready yet: upload one under Media, or wait for an event’s replay.'
                  : 'Only recordings that are ready to play are listed.'}
              </p>
            )}
          </div>
          <div className="console-fieldset__row">
            <TextField
              label={`Start (${zone})`}
              type="datetime-local"
              value={startText}
              error={errors.starts_at}
              onChange={(e) => {
                setStart(e.target.value)
                clear('starts_at')
              }}
            />
            <TextField
              label="Repeat every (minutes)"
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              value={repeat}
              hint="Leave empty to show it once."
              error={errors.repeat_every_minutes}
              onChange={(e) => {
                setRepeat(e.target.value)
                clear('repeat_every_minutes')
              }}
            />
          </div>
        </fieldset>
        {message ? <FormMessage tone="error">{message}</FormMessage> : null}
        <div className="console-form__actions">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Scheduling…' : 'Schedule premiere'}
          </Button>
        </div>
      </form>
    </>
  )
}
