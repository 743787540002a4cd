import {
  type Clip,
  type ClipSource,
  type ClipTag,
  clipTimeFormatMessage,
  formatClipTime,
  messages,
  ToastType,
} from '@fieldhouse/contract'
import type { ClipMarkers, Player } from '@fieldhouse/player'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ClipStatusBadge } from '../../components/clips/clip-inline-player'
import { Button, ButtonLink } from '../../components/ui/button'
import { FormMessage, TextField } from '../../components/ui/form-field'
import { TitledSection } from '../../components/ui/titled-section'
import { errorText, splitFieldErrors } from '../../lib/api/error-text'
import { useUserAccess } from '../../lib/entities/account/use-user-access'
import { useSettings } from '../../lib/entities/channel/use-settings'
import { useCreateClip } from '../../lib/entities/clips/use-clip-actions'
import { isClipPending, useMyClips } from '../../lib/entities/clips/use-my-clips'
import { usePackages } from '../../lib/entities/commerce/use-packages'
import { useSubscriptions } from '../../lib/entities/commerce/use-subscriptions'
import { useMessageText } from '../../lib/i18n/message-text'
import { paths } from '../../lib/navigation/paths'
import { useToastStore } from '../../lib/notify/toast-store'
import { useAppStore } from '../../lib/store/app-store'
import {
  type ClipFormError,
  type ClipFormField,
  type ClipMarkSide,
  type ClipMarks,
  initialMarks,
  markedRange,
  markIn,
  markOut,
  moveClipMark,
  validateClipForm,
} from './clip-form'
import '../../components/clips/clips.css'

/** The server's field names in a 422, and the form field each belongs to. */
const serverFields = { name: 'name', start_time: 'start', duration: 'end', tags: 'tags' } as const
type ServerField = keyof typeof serverFields

/** What the clips are of: a game (`/watch/{id}`) or a library video (`/watch_library/{id}`, decision 27). */
export type ClipSubject = { kind: 'event' | 'vod'; id: number }

/** The subject's field in `POST /api/clip`: `event_id` for a game, `vod_media_item_id` for a library video. */
export const clipSubjectField = (subject: ClipSubject) =>
  subject.kind === 'event' ? { event_id: subject.id } : { vod_media_item_id: subject.id }

/** Whether a clip is of this game or library video. */
export const isClipOf = (clip: Pick<Clip, 'event_id' | 'vod_media_item_id'>, subject: ClipSubject) =>
  subject.kind === 'event' ? clip.event_id === subject.id : clip.vod_media_item_id === subject.id

/** The tool's heading: "Clip this game" or "Clip this video". */
const toolTitleKey = (subject: ClipSubject) => (subject.kind === 'event' ? 'clips.toolTitle' : 'clips.toolTitleVideo')

/** The channel's clip lengths (`GET /settings`), which the form and the seek bar's handles keep to. */
export interface ClipLengths {
  maxDurationSec: number
  minDurationSec: number
}

/**
 * The form's marks, shared with the player's seek bar: drawn there, and while the tool is open
 * (`editing`) handles that move them, kept to the channel's clip lengths.
 */
export function useClipMarks() {
  const settings = useSettings()
  const lengths: ClipLengths = {
    maxDurationSec: settings.clips.max_duration_sec,
    minDurationSec: settings.clips.min_duration_sec,
  }
  const [marks, setMarksState] = useState<ClipMarks>({ start: '', end: '' })
  const [editing, setEditing] = useState(false)
  const [player, setPlayer] = useState<Player | null>(null)
  // A drag moves a handle many times between renders: each move starts from the last one.
  const marksRef = useRef(marks)
  const setMarks = (next: ClipMarks) => {
    marksRef.current = next
    setMarksState(next)
  }
  const onMove = (side: ClipMarkSide, time: number, window: { start: number; end: number }) => {
    const landed = moveClipMark(markedRange(marksRef.current), side, time, { window, ...lengths })
    setMarks({ ...marksRef.current, [side]: formatClipTime(landed) })
    return landed
  }
  const onMoveRef = useRef(onMove)
  onMoveRef.current = onMove
  // The marks are drawn by the player (handles while the tool is open): told to its core as they change.
  const range = markedRange(marks)
  useEffect(() => {
    if (!player) return
    const markers: ClipMarkers = {
      start: range.start,
      end: range.end,
      onMove: editing ? (side, time, window) => onMoveRef.current(side, time, window) : undefined,
    }
    player.setClipMarks(markers)
  }, [player, range.start, range.end, editing])
  return { marks, setMarks, editing, setEditing, player, setPlayer, lengths }
}

/**
 * The clip tool under a watch page's player (spec §1): for a viewer holding `clipping`, mark in and out
 * at the playhead (the marks show on the seek bar) or type the times, name the clip, pick its tags,
 * create it, then follow its state until it is ready. A viewer without `clipping` sees the passes that
 * grant it; a signed-out viewer is asked to sign in.
 */
export function ClipTool({
  subject,
  live,
  clipTags,
  clipSources,
  clip,
}: {
  subject: ClipSubject
  live: boolean
  /** The detail's `clip_tags`: the channel's tags for the game's sport (for a library video, every sport's). */
  clipTags: readonly ClipTag[]
  /** The detail's `clip_sources`: the recordings this viewer may cut. */
  clipSources: readonly ClipSource[]
  /**
   * The marks and whether the form is open (its marks are then handles on the seek bar), from
   * `useClipMarks`, with the player's core once it runs: the marks are taken at its playhead.
   */
  clip: Omit<ReturnType<typeof useClipMarks>, 'setPlayer'>
}) {
  const { marks, setMarks, editing, setEditing, lengths, player } = clip
  const { t } = useTranslation()
  const signedIn = useAppStore((state) => state.user !== null)
  const access = useUserAccess()
  if (!signedIn) {
    return (
      <ClipOfferSection subject={subject} testId="clip-sign-in">
        <p>{t('clips.signInToClip')}</p>
        <div>
          <ButtonLink to={paths.login} variant="secondary">
            {t('header.signIn')}
          </ButtonLink>
        </div>
      </ClipOfferSection>
    )
  }
  if (!access.data) return null
  if (!access.data.capabilities.clipping) return <ClipOffer subject={subject} />
  return (
    <ClipPanel
      subject={subject}
      live={live}
      tagOptions={clipTags}
      source={chooseSource(clipSources, live)}
      marks={marks}
      setMarks={setMarks}
      open={editing}
      setOpen={setEditing}
      lengths={lengths}
      player={player}
    />
  )
}

/** What to buy to cut clips: the channel's passes that grant `clipping`, and the way to the passes page. */
function ClipOffer({ subject }: { subject: ClipSubject }) {
  const { t } = useTranslation()
  const subscriptions = useSubscriptions()
  const packages = usePackages()
  // Subscriptions first (they are what most viewers buy), then packages and add-ons.
  const granting = [...(subscriptions.data ?? []), ...(packages.data ?? [])].filter((pass) =>
    pass.capabilities.includes('clipping'),
  )
  return (
    <ClipOfferSection subject={subject} testId="clip-offer">
      <p>{granting.length > 0 ? t('clips.offerLead') : t('clips.offerLeadNone')}</p>
      {granting.length > 0 ? (
        <ul>
          {granting.map((pass) => (
            <li key={pass.id}>{pass.name}</li>
          ))}
        </ul>
      ) : null}
      <div>
        <ButtonLink to={paths.packages} variant="secondary">
          {t('clips.seePasses')}
        </ButtonLink>
      </div>
    </ClipOfferSection>
  )
}

/** Where the clip tool stands for a viewer who cannot cut clips yet: its title, then the way to. */
function ClipOfferSection({
  subject,
  testId,
  children,
}: {
  subject: ClipSubject
  testId: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <TitledSection
      className="clip-offer"
      titleId="clip-offer-title"
      title={t(toolTitleKey(subject))}
      titleClassName="clip-tool__title"
      testId={testId}
    >
      {children}
    </TitledSection>
  )
}

/** The recording to cut: the live one on a live page, else the finished one. */
const chooseSource = (sources: readonly ClipSource[], live: boolean) =>
  sources.find((source) => source.live === live) ?? sources[0] ?? null

function ClipPanel({
  subject,
  live,
  tagOptions,
  source,
  marks,
  setMarks,
  open,
  setOpen,
  lengths,
  player,
}: {
  subject: ClipSubject
  live: boolean
  tagOptions: readonly ClipTag[]
  source: ClipSource | null
  marks: ClipMarks
  setMarks: (marks: ClipMarks) => void
  open: boolean
  setOpen: (open: boolean) => void
  lengths: ClipLengths
  /** The player's core, once it runs: the marks are taken at its playhead. */
  player: Player | null
}) {
  const { t } = useTranslation()
  const messageText = useMessageText()
  const showToast = useToastStore((state) => state.show)
  const formId = useId()
  const [name, setName] = useState('')
  const [tags, setTags] = useState<string[]>([])
  const [errors, setErrors] = useState<Partial<Record<ClipFormField, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [watching, setWatching] = useState<ReadonlySet<number>>(new Set())
  // The range the tool marked itself on opening: until the viewer changes it, Mark out takes the
  // DEFAULT_CLIP_SEC before the playhead, as with nothing marked.
  const [preset, setPreset] = useState<ClipMarks | null>(null)
  // The viewer's own clips (GET /clips/event/{id} lists everyone's ready ones), this game's or video's shown here.
  const clips = useMyClips()
  const create = useCreateClip()

  // A clip made here is followed until it is ready or failed; then the viewer hears of it once.
  useEffect(() => {
    if (watching.size === 0 || !clips.data) return
    const settled = clips.data.filter((clip) => watching.has(clip.id) && !isClipPending(clip.status))
    if (settled.length === 0) return
    for (const clip of settled) {
      if (clip.status === 'ready')
        showToast({ text: t('clips.readyToast', { name: clip.name }), type: ToastType.success })
      else showToast({ text: t('clips.failedToast', { name: clip.name }), type: ToastType.error })
    }
    setWatching((current) => new Set([...current].filter((id) => !settled.some((clip) => clip.id === id))))
  }, [clips.data, watching, showToast, t])

  const errorWords = (code: ClipFormError): string => {
    switch (code) {
      case 'required':
        return messageText(messages.clipNameRequired)
      case 'tagRequired':
        return messageText(messages.clipTagRequired)
      case 'pastEnd':
        return messageText(messages.clipDurationTooLong)
      case 'timeFormat':
        return messageText(clipTimeFormatMessage)
      default:
        return t(`clips.errors.${code}`, { max: lengths.maxDurationSec, min: lengths.minDurationSec })
    }
  }

  const playhead = () => player?.programmeTime().position ?? 0

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    setFormError(null)
    const result = validateClipForm(
      { name, start: marks.start, end: marks.end, tags },
      { recorded: live || !source ? null : source.duration, ...lengths },
    )
    if (!result.ok) {
      setErrors(Object.fromEntries(Object.entries(result.errors).map(([field, code]) => [field, errorWords(code)])))
      return
    }
    if (!source) {
      setFormError(t('clips.noSource'))
      return
    }
    setErrors({})
    create.mutate(
      { ...clipSubjectField(subject), event_media_id: source.event_media_id, ...result.value },
      {
        onSuccess: (clip) => {
          setWatching((current) => new Set([...current, clip.id]))
          setName('')
          setTags([])
          showToast({ text: t('clips.queuedToast', { name: clip.name }) })
        },
        onError: (error) => {
          const split = splitFieldErrors(error, Object.keys(serverFields) as ServerField[])
          setErrors(Object.fromEntries(split.fields.map(([field, text]) => [serverFields[field], messageText(text)])))
          const other = split.other[0] ?? (split.fields.length === 0 ? errorText(error) : null)
          setFormError(other ? messageText(other) : null)
        },
      },
    )
  }

  const clearErrors = (...fields: readonly ClipFormField[]) =>
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field as ClipFormField))),
    )

  const toggleTag = (tag: string) => {
    setTags((current) => (current.includes(tag) ? current.filter((item) => item !== tag) : [...current, tag]))
    clearErrors('tags')
  }
  // The marks with one point set at the playhead. Marking out over the marks the form opened with
  // (the preset, untouched) starts the range afresh.
  const markAt = (side: ClipMarkSide) => {
    if (side === 'start') return markIn(marks, playhead())
    const untouched = preset !== null && marks.start === preset.start && marks.end === preset.end
    return markOut(untouched ? { start: '', end: '' } : marks, playhead())
  }

  const range = markedRange(marks)
  const length = range.start !== null && range.end !== null && range.end > range.start ? range.end - range.start : null
  const recent = (clips.data ?? []).filter((clip) => isClipOf(clip, subject)).slice(0, 5)

  return (
    <section className="clip-tool" aria-labelledby={`${formId}-title`} data-testid="clip-tool">
      <div className="clip-tool__head">
        <h2 id={`${formId}-title`} className="clip-tool__title">
          {t(toolTitleKey(subject))}
        </h2>
        <Button
          variant={open ? 'ghost' : 'secondary'}
          aria-expanded={open}
          aria-controls={open ? `${formId}-form` : undefined}
          data-testid="clip-toggle"
          onClick={() => {
            // Opened with nothing marked, the tool marks the 10 s up to the playhead: handles to drag.
            if (!open && !marks.start && !marks.end) {
              const initial = initialMarks(playhead(), source?.duration ?? null)
              setMarks(initial)
              setPreset(initial)
            }
            setOpen(!open)
          }}
        >
          {open ? t('clips.close') : t('clips.open')}
        </Button>
      </div>
      {open ? (
        <form id={`${formId}-form`} className="clip-tool__form" noValidate onSubmit={handleSubmit}>
          <p className="clip-tool__length">{t('clips.howTo')}</p>
          <div className="clip-tool__range">
            {clipPoints.map((point) => (
              <ClipPoint
                key={point.side}
                side={point.side}
                markLabel={t(point.markKey)}
                label={t(point.labelKey)}
                placeholder={point.placeholder}
                value={marks[point.side]}
                error={errors[point.side]}
                onMark={() => {
                  setMarks(markAt(point.side))
                  clearErrors('start', 'end')
                }}
                onType={(value) => {
                  setMarks({ ...marks, [point.side]: value })
                  clearErrors(...point.typingClears)
                }}
              />
            ))}
          </div>
          <p className="clip-tool__length" aria-live="polite" data-testid="clip-length">
            {length !== null ? t('clips.length', { time: formatClipTime(length) }) : t('clips.lengthUnset')}
          </p>
          <TextField
            label={t('clips.name')}
            name="name"
            maxLength={120}
            autoComplete="off"
            value={name}
            error={errors.name}
            data-testid="clip-name"
            onChange={(event) => {
              setName(event.currentTarget.value)
              clearErrors('name')
            }}
          />
          <fieldset
            className="clip-chips"
            aria-describedby={errors.tags ? `${formId}-tags-error` : undefined}
            data-testid="clip-tags"
          >
            <legend>{t('clips.tags')}</legend>
            {tagOptions.length === 0 ? <p>{t('clips.noTags')}</p> : null}
            {tagOptions.map((tag) => (
              <label key={tag.id} className="clip-chip">
                <input type="checkbox" checked={tags.includes(tag.name)} onChange={() => toggleTag(tag.name)} />
                <span>{tag.name}</span>
              </label>
            ))}
          </fieldset>
          {errors.tags ? (
            <p id={`${formId}-tags-error`} className="field__error" role="alert">
              {errors.tags}
            </p>
          ) : null}
          {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
          <div className="clip-tool__actions">
            <Button
              type="submit"
              disabled={create.isPending}
              aria-busy={create.isPending || undefined}
              data-testid="clip-create"
            >
              {create.isPending ? t('clips.creating') : t('clips.create')}
            </Button>
            <ButtonLink to={paths.profileClips} variant="ghost">
              {t('clips.myClips')}
            </ButtonLink>
          </div>
        </form>
      ) : null}
      {recent.length > 0 ? (
        <ClipStatusList
          clips={recent}
          heading={subject.kind === 'event' ? t('clips.thisGame') : t('clips.thisVideo')}
        />
      ) : null}
    </section>
  )
}

/**
 * This game's or library video's clips of the viewer, newest first, each with its state (asked again
 * while one is being made).
 */
function ClipStatusList({ clips, heading }: { clips: Clip[]; heading: string }) {
  const { t } = useTranslation()
  return (
    <div>
      <h3 className="visually-hidden">{heading}</h3>
      <ul className="clip-tool__list" aria-live="polite" data-testid="clip-tool-list">
        {clips.map((clip) => (
          <li key={clip.id} className="clip-tool__item" data-testid="clip-tool-item">
            <span className="clip-tool__item-name">{clip.name}</span>
            <span className="clip-tool__length">
              {formatClipTime(clip.start_time)} · {formatClipTime(clip.duration)}
            </span>
            <ClipStatusBadge status={clip.status} />
            {clip.status === 'ready' ? (
              <ButtonLink to={paths.share(clip.id, clip.uuid)} variant="ghost">
                {t('clips.watchClip')}
              </ButtonLink>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The in and out points of the form, in that order. */
const clipPoints = [
  // Typing a start may mend the end's error too (the end is checked against it); typing an end, only its own.
  {
    side: 'start',
    markKey: 'clips.markIn',
    labelKey: 'clips.start',
    placeholder: '00:00:00',
    typingClears: ['start', 'end'],
  },
  { side: 'end', markKey: 'clips.markOut', labelKey: 'clips.end', placeholder: '00:00:10', typingClears: ['end'] },
] as const

/** The clip's in or out point: a button that marks it at the playhead, and the time typed as text. */
function ClipPoint({
  side,
  markLabel,
  label,
  placeholder,
  value,
  error,
  onMark,
  onType,
}: {
  side: ClipMarkSide
  markLabel: string
  label: string
  placeholder: string
  value: string
  error: string | undefined
  onMark: () => void
  onType: (value: string) => void
}) {
  return (
    <div className="clip-tool__point">
      <Button variant="secondary" data-testid={side === 'start' ? 'clip-mark-in' : 'clip-mark-out'} onClick={onMark}>
        {markLabel}
      </Button>
      <TextField
        label={label}
        name={side}
        inputMode="decimal"
        placeholder={placeholder}
        autoComplete="off"
        value={value}
        error={error}
        data-testid={`clip-${side}`}
        onChange={(event) => onType(event.currentTarget.value)}
      />
    </div>
  )
}
