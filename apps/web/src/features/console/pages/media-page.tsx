import { UPLOAD_ACCEPT } from '@fieldhouse/contract'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useApiKeys } from '../../../lib/api/api-context'
import { useRuntimeConfig } from '../../../lib/config/runtime-config'
import { allowed } from '../access'
import { adminQueriesRoot, useAdminOptions } from '../api/admin-api'
import { useDeleteMedia, useOwnerMedia, useUploadStatus } from '../api/use-console-media'
import { useChannelTime } from '../channel-time'
import { HlsPreview } from '../media/hls-preview'
import { startTusUpload, type UploadTarget } from '../media/tus-upload'
import { useOperator } from '../operator-context'

type Kind = 'event' | 'vod' | 'new-vod' | 'preroll' | 'new-preroll'

const kindLabels: Record<Kind, string> = {
  event: 'An event (its replay)',
  vod: 'A VOD item',
  'new-vod': 'A new VOD item',
  preroll: 'A pre-roll',
  'new-preroll': 'A new pre-roll',
}
const ownerLabels = { event: 'Event', vod: 'VOD item', preroll: 'Pre-roll' } as const
const choose = { event: 'Choose an event', vod: 'Choose a VOD item', preroll: 'Choose a pre-roll' } as const
const targetOf = (kind: Kind) => (kind === 'event' ? 'event' : kind === 'vod' || kind === 'new-vod' ? 'vod' : 'preroll')

/** A pre-roll in the picker: it has no name, so its weight, flags and current video say which it is. */
const prerollLabel = (row: Record<string, unknown>) => {
  const where = [row.for_live ? 'live' : null, row.for_vod ? 'VOD' : null].filter(Boolean).join(' and ') || 'nowhere'
  const video = typeof row.url === 'string' && row.url ? row.url.split('/').pop() : 'no video yet'
  return `#${String(row.id)}, weight ${String(row.weight)}, before ${where} (${video})`
}

const sizeText = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`

/**
 * Media: upload a game recording (it becomes the event's replay), a library video (an existing VOD
 * item or a new one) or a pre-roll's video (an existing pre-roll or a new one; for those who may write
 * pre-rolls) with a progress bar, resumable (tus); then the encode's progress until it plays; replace
 * (a new upload replaces the video once it plays) or delete.
 */
export default function MediaPage() {
  const { dateTime } = useChannelTime()
  const me = useOperator()
  const kinds = (Object.keys(kindLabels) as Kind[])
    .filter((k) => k !== 'preroll' || allowed(me, 'update', 'prerolls'))
    .filter((k) => k !== 'new-preroll' || allowed(me, 'create', 'prerolls'))
  const { apiBase } = useRuntimeConfig()
  const keys = useApiKeys()
  const client = useQueryClient()
  const [kind, setKind] = useState<Kind>('event')
  const [ownerId, setOwnerId] = useState<number | null>(null)
  const [title, setTitle] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [sent, setSent] = useState<{ sent: number; total: number } | null>(null)
  const [uploadId, setUploadId] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const events = useAdminOptions(kind === 'event' ? 'events' : null)
  const items = useAdminOptions(kind === 'vod' ? 'vod-media-items' : null)
  const prerolls = useAdminOptions(kind === 'preroll' ? 'prerolls' : null)
  const status = useUploadStatus(uploadId)
  const target = targetOf(kind)
  const isNew = kind === 'new-vod' || kind === 'new-preroll'
  const shownOwner = isNew ? (status.data?.target_id ?? null) : ownerId
  const media = useOwnerMedia(target, shownOwner)
  const remove = useDeleteMedia()
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null)

  const handleKind = (value: Kind) => {
    setKind(value)
    setOwnerId(null)
    setUploadId(null)
    setSent(null)
    setError(null)
  }
  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    if (!file) return setError('Choose a video file')
    if (!isNew && ownerId === null) return setError(choose[target])
    if (kind === 'new-vod' && !title.trim()) return setError('Give the new video a title')
    const to: Record<Kind, UploadTarget> = {
      event: { target: 'event', event_id: ownerId ?? 0 },
      vod: { target: 'vod', vod_id: ownerId ?? 0 },
      'new-vod': { target: 'vod', title: title.trim() },
      preroll: { target: 'preroll', preroll_id: ownerId ?? 0 },
      'new-preroll': { target: 'preroll' },
    }
    setBusy(true)
    try {
      const { done } = await startTusUpload({
        endpoint: `${apiBase.replace(/\/+$/, '')}/admin/uploads`,
        apiKey: keys.getApiKey() ?? '',
        file,
        target: to[kind],
        onProgress: (s, total) => setSent({ sent: s, total }),
        onCreated: setUploadId,
      })
      setUploadId(await done)
      await client.invalidateQueries({ queryKey: [...adminQueriesRoot, 'media'] })
      if (target === 'preroll') await client.invalidateQueries({ queryKey: [...adminQueriesRoot, 'prerolls'] })
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The upload failed')
    } finally {
      setBusy(false)
    }
  }
  const upload = status.data
  const percent = sent ? Math.floor((sent.sent / Math.max(1, sent.total)) * 100) : 0
  const options = kind === 'event' ? events.data : kind === 'vod' ? items.data : prerolls.data

  return (
    <>
      <h1>Media</h1>
      <p className="console-lead">
        Upload a game recording, a library video or a pre-roll. A dropped connection or a reload picks up where it
        stopped.
      </p>
      <form className="console-form" onSubmit={(e) => void handleSubmit(e)} aria-describedby="media-help">
        <fieldset className="console-fieldset console-choices">
          <legend>The video is for</legend>
          {kinds.map((value) => (
            <label key={value}>
              <input type="radio" name="media-kind" checked={kind === value} onChange={() => handleKind(value)} />{' '}
              {kindLabels[value]}
            </label>
          ))}
        </fieldset>
        {kind === 'new-preroll' ? (
          <p className="console-note">
            The new pre-roll plays before live and on-demand video everywhere, weight 1, once it is encoded; change that
            on the Pre-rolls page.
          </p>
        ) : kind === 'new-vod' ? (
          <>
            <label htmlFor="media-title">Title</label>
            <input id="media-title" value={title} maxLength={300} onChange={(e) => setTitle(e.target.value)} />
          </>
        ) : (
          <>
            <label htmlFor="media-owner">{ownerLabels[target]}</label>
            <select
              id="media-owner"
              value={ownerId ?? ''}
              onChange={(e) => {
                setOwnerId(e.target.value ? Number(e.target.value) : null)
                setUploadId(null)
                setSent(null)
              }}
            >
              <option value="">{choose[target]}</option>
              {(options ?? []).map((row) => (
                <option key={row.id} value={String(row.id)}>
                  {target === 'preroll' ? prerollLabel(row) : String(row.name ?? row.title ?? row.id)}
                </option>
              ))}
            </select>
          </>
        )}
        <label htmlFor="media-file">Video file</label>
        <input
          id="media-file"
          type="file"
          accept={UPLOAD_ACCEPT}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <p id="media-help" className="console-note">
          MP4, MOV, MKV, WebM, MPEG-TS, FLV or AVI. A new upload replaces the current video once it plays.
        </p>
        <button type="submit" disabled={busy}>
          {busy ? 'Uploading…' : 'Upload'}
        </button>
      </form>
      {error ? (
        <p role="alert" className="console-error">
          {error}
        </p>
      ) : null}
      {sent ? (
        <div className="console-progress">
          <label htmlFor="media-upload-progress">
            Upload: {percent}% ({sizeText(sent.sent)} of {sizeText(sent.total)})
          </label>
          <progress id="media-upload-progress" max={100} value={percent} />
        </div>
      ) : null}
      {upload && upload.status !== 'uploading' ? (
        <div className="console-progress" data-testid="encode-state">
          <label htmlFor="media-encode-progress">
            {upload.status === 'ready'
              ? 'Ready: it plays now'
              : upload.status === 'failed'
                ? `Failed: ${upload.error ?? 'the file could not be encoded'}`
                : `Encoding: ${upload.progress}%`}
          </label>
          <progress id="media-encode-progress" max={100} value={upload.status === 'ready' ? 100 : upload.progress} />
        </div>
      ) : null}
      {media.data ? (
        <section aria-labelledby="media-current" className="console-card">
          <h2 id="media-current">Videos</h2>
          {media.data.preview ? <HlsPreview src={media.data.preview.hls} label="Preview of the current video" /> : null}
          {media.data.assets.length === 0 ? <p>No video yet.</p> : null}
          <ul className="console-media-list">
            {media.data.assets.map((a) => (
              <li key={a.id}>
                <span>
                  {a.source === 'live' ? 'Recording' : a.source === 'upload' ? 'Upload' : 'Demo'} of{' '}
                  {dateTime(a.created_at)}: {a.status}
                  {a.status === 'processing' ? ` ${a.progress}%` : ''}
                  {a.duration ? `, ${Math.round(a.duration)} s` : ''}
                  {a.playing ? ' (viewers get this one)' : ''}
                </span>
                {confirmDelete === a.id ? (
                  <fieldset className="console-inline-confirm">
                    <legend>Delete this video and its files?</legend>
                    <button type="button" className="console-danger" onClick={() => void remove.mutateAsync(a.id)}>
                      Delete for good
                    </button>
                    <button type="button" onClick={() => setConfirmDelete(null)}>
                      Keep
                    </button>
                  </fieldset>
                ) : a.status !== 'live' ? (
                  <button type="button" onClick={() => setConfirmDelete(a.id)}>
                    Delete
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  )
}
