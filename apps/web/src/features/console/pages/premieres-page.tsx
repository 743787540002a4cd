import { type Premiere, toLocalInput } from '@fieldhouse/contract'
import { type FormEvent, useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button, ButtonLink } from '../../../components/ui/button'
import { FormMessage, TextField } from '../../../components/ui/form-field'
import { PageLoader } from '../../../components/ui/spinner'
import { errorText } from '../../../lib/api/error-text'
import { useMessageText } from '../../../lib/i18n/message-text'
import { allowed } from '../access'
import { rowChoices, useAdminOptions } from '../api/admin-api'
import { useCallOffPremiere, usePremiereSources, usePremieres, useSchedulePremiere } from '../api/use-premieres'
import { useChannelTime, useChannelZone } from '../channel-time'
import { TableBox } from '../components/data-table'
import { LabelledField } from '../components/labelled-field'
import { PageHead } from '../components/page-head'
import { PageRoutes } from '../components/page-routes'
import { SubmitActions } from '../components/submit-actions'
import { zonedToIso } from '../fields'
import { useOperator } from '../operator-context'
import { SelectField, saveProblem } from '../sales/sales-fields'
import { type ConsoleText, useConsoleText } from '../words'

const base = '/admin/premieres'

/**
 * Premieres (decision 0030, its console in 0037): the channel's premieres with their state, scheduling
 * one (an event shown from a finished recording at a start time in the channel's time zone), and
 * calling one off. Managers and owners only: the navigation shows the page to no other role.
 */
export default function PremieresPage() {
  return <PageRoutes index={<PremiereList />} pages={{ new: <ScheduleForm /> }} />
}

/** The repeat as words: whole minutes, or seconds for the demo's short repeat. */
function repeatText(t: ConsoleText, minutes: number | null) {
  if (minutes === null) return t('premieres.once')
  if (Number.isInteger(minutes)) return t('premieres.everyMinutes', { minutes })
  return t('premieres.everySeconds', { seconds: Math.round(minutes * 60) })
}

const sourceText = (t: ConsoleText, p: Premiere) =>
  p.source === null
    ? t('premieres.recording', { id: p.asset_id })
    : p.source.type === 'event'
      ? t('premieres.replayOf', { name: p.source.name })
      : t('premieres.libraryVideo', { name: p.source.name })

function PremiereList() {
  const t = useConsoleText()
  const me = useOperator()
  const { zone, dateTime } = useChannelTime()
  const [confirming, setConfirming] = useState<Premiere | null>(null)
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const list = usePremieres()
  const remove = useCallOffPremiere()
  const canCreate = allowed(me, 'create', 'premieres')
  const canDelete = allowed(me, 'delete', 'premieres')

  const callOff = (p: Premiere) =>
    remove.mutate(p.id, {
      onSuccess: () => {
        setConfirming(null)
        setMessage({ tone: 'success', text: t('premieres.calledOff', { name: p.event_name }) })
      },
      onError: (e) => setMessage({ tone: 'error', text: errorText(e) ?? t('premieres.notCalledOff') }),
    })

  return (
    <>
      <PageHead
        title={t('premieres.title')}
        lead={t('premieres.lead', { zone })}
        action={canCreate ? <ButtonLink to={`${base}/new`}>{t('premieres.schedule')}</ButtonLink> : null}
      />
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      {confirming ? (
        <fieldset className="console-inline-confirm">
          <legend>
            {t('premieres.confirm', { name: confirming.event_name })}
            {confirming.status === 'live' ? t('premieres.confirmRunning') : ''}
          </legend>
          <Button variant="danger" autoFocus disabled={remove.isPending} onClick={() => callOff(confirming)}>
            {t('premieres.callOffPremiere')}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            {t('premieres.keep')}
          </Button>
        </fieldset>
      ) : null}
      {list.isPending ? <PageLoader /> : null}
      {list.isError ? <FormMessage tone="error">{errorText(list.error) ?? ''}</FormMessage> : null}
      {list.data && list.data.length === 0 ? <p className="console-note">{t('premieres.none')}</p> : null}
      {list.data && list.data.length > 0 ? (
        <TableBox
          caption={t('premieres.caption')}
          busy={list.isFetching}
          headers={[
            t('premieres.event'),
            t('premieres.state'),
            t('premieres.start'),
            t('premieres.end'),
            t('premieres.shows'),
            t('premieres.repeat'),
          ]}
          actions={canDelete}
        >
          {list.data.map((p) => (
            <tr key={p.id}>
              <th scope="row" className="console-table__name">
                {p.event_name}
              </th>
              <td>
                <span className={`console-live-badge${p.status === 'live' ? ' is-live' : ''}`}>
                  {t(`premieres.states.${p.status}`)}
                </span>
              </td>
              <td>
                <time dateTime={p.starts_at}>{dateTime(p.starts_at, { seconds: true })}</time>
              </td>
              <td>
                <time dateTime={p.ends_at}>{dateTime(p.ends_at, { seconds: true })}</time>
              </td>
              <td>{sourceText(t, p)}</td>
              <td>{repeatText(t, p.repeat_every_minutes)}</td>
              {canDelete ? (
                <td>
                  <Button
                    variant="secondary"
                    aria-label={t('premieres.callOffNamed', { name: p.event_name })}
                    onClick={() => {
                      setMessage(null)
                      setConfirming(p)
                    }}
                  >
                    {t('premieres.callOff')}
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </TableBox>
      ) : null}
    </>
  )
}

/** The recordings a premiere shows, by kind: an event's replay, a library video. */
const sourceGroups = [
  ['event', 'premieres.replays'],
  ['vod', 'premieres.videos'],
] as const

/** A start a couple of minutes ahead, on the channel's wall clock, to the minute. */
const soon = (zone: string) => toLocalInput(Math.ceil(Date.now() / 60_000) * 60_000 + 120_000, zone)

const durationText = (t: ConsoleText, seconds: number | null) => {
  if (seconds === null) return ''
  const m = Math.floor(seconds / 60)
  const s = Math.round(seconds % 60)
  return m > 0 ? t('premieres.minSec', { minutes: m, seconds: s }) : t('premieres.sec', { seconds: s })
}

function ScheduleForm() {
  const t = useConsoleText()
  const me = useOperator()
  const navigate = useNavigate()
  const messageText = useMessageText()
  const zone = useChannelZone()
  const events = useAdminOptions('events')
  const sources = usePremiereSources()
  const [eventId, setEventId] = useState('')
  const [source, setSource] = useState('')
  const [start, setStart] = useState<string | null>(null)
  const [repeat, setRepeat] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string | null>(null)
  const ids = { source: useId() }
  const save = useSchedulePremiere()
  if (!allowed(me, 'create', 'premieres')) {
    return <p className="console-readonly">{t('premieres.onlyManagers')}</p>
  }
  const startText = start ?? soon(zone)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setErrors({})
    setMessage(null)
    if (eventId === '') {
      setErrors({ event_id: t('premieres.chooseEvent') })
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
            ? t('premieres.seeMarked')
            : problem.message || t('premieres.notScheduled'),
        )
      },
    })
  }

  /** A field changed: its error no longer stands. */
  const clear = (...fields: string[]) =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k))))
  const sourceError = errors.source_event_id ?? errors.source_vod_media_item_id
  return (
    <>
      <p className="console-breadcrumb">
        <Link to={base}>{t('premieres.back')}</Link>
      </p>
      <PageHead title={t('premieres.schedule')} lead={t('premieres.formLead')} />
      <form className="console-form" noValidate onSubmit={submit}>
        <fieldset className="console-fieldset">
          <legend>{t('premieres.premiere')}</legend>
          <SelectField
            label={t('premieres.eventAs')}
            value={eventId}
            error={errors.event_id}
            onChange={(v) => {
              setEventId(v)
              clear('event_id')
            }}
            options={[{ value: '', label: t('premieres.pickEvent') }, ...rowChoices(events.data)]}
          />
          <LabelledField id={ids.source} label={t('premieres.recordingShows')}>
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
              <option value="">{t('premieres.pickRecording')}</option>
              {sourceGroups.map(([type, label]) => {
                const group = (sources.data ?? []).filter((s) => s.type === type)
                return group.length > 0 ? (
                  <optgroup key={type} label={t(label)}>
                    {group.map((s) => (
                      <option key={`${type}:${s.id}`} value={`${type}:${s.id}`}>
                        {s.name}
                        {durationText(t, s.duration)}
                      </option>
                    ))}
                  </optgroup>
                ) : null
              })}
            </select>
            {sourceError ? (
              <p id={`${ids.source}-error`} className="field__error">
                {messageText(sourceError)}
              </p>
            ) : (
              <p id={`${ids.source}-hint`} className="field__hint">
                {sources.data && sources.data.length === 0 ? t('premieres.noRecording') : t('premieres.onlyReady')}
              </p>
            )}
          </LabelledField>
          <div className="console-fieldset__row">
            <TextField
              label={t('premieres.startIn', { zone })}
              type="datetime-local"
              value={startText}
              error={errors.starts_at}
              onChange={(e) => {
                setStart(e.target.value)
                clear('starts_at')
              }}
            />
            <TextField
              label={t('premieres.repeatEvery')}
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              value={repeat}
              hint={t('premieres.repeatHint')}
              error={errors.repeat_every_minutes}
              onChange={(e) => {
                setRepeat(e.target.value)
                clear('repeat_every_minutes')
              }}
            />
          </div>
        </fieldset>
        {message ? <FormMessage tone="error">{message}</FormMessage> : null}
        <SubmitActions disabled={save.isPending}>
          {save.isPending ? t('premieres.scheduling') : t('premieres.submit')}
        </SubmitActions>
      </form>
    </>
  )
}
