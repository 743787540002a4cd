import { UPLOAD_ACCEPT } from '@fieldhouse/contract'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useApiKeys } from '../../../lib/api/api-context'
import { useRuntimeConfig } from '../../../lib/config/runtime-config'
import { adminQueriesRoot, useAdminOptions } from '../api/admin-api'
import { useDeleteMedia, useOwnerMedia, useUploadStatus } from '../api/use-console-media'
import { HlsPreview } from '../media/hls-preview'
import { startTusUpload } from '../media/tus-upload'

type Kind = 'event' | 'vod' | 'new-vod'

const sizeText = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`

/**
 * Media: upload a game recording (it becomes the event's replay) or a library video (an existing VOD
 * item or a new one) with a progress bar, resumable (tus); then the encode's progress until it plays;
 * replace (a new upload replaces the video once it plays) or delete.
 */
export default function MediaPage() {
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
  const status = useUploadStatus(uploadId)
  const target = kind === 'event' ? 'event' : 'vod'
  const shownOwner = kind === 'new-vod' ? (status.data?.target_id ?? null) : ownerId
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
    if (kind !== 'new-vod' && ownerId === null)
      return setError(kind === 'event' ? 'Choose an event' : 'Choose a VOD item')
    if (kind === 'new-vod' && !title.trim()) return setError('Give the new video a title')
    setBusy(true)
    try {
      const { done } = await startTusUpload({
        endpoint: `${apiBase.replace(/\/+$/, '')}/admin/uploads`,
        apiKey: keys.getApiKey() ?? '',
        file,
        target:
          kind === 'event'
            ? { target: 'event', event_id: ownerId ?? 0 }
            : kind === 'vod'
              ? { target: 'vod', vod_id: ownerId ?? 0 }
              : { target: 'vod', title: title.trim() },
        onProgress: (s, total) => setSent({ sent: s, total }),
        onCreated: setUploadId,
      })
      setUploadId(await done)
      await client.invalidateQueries({ queryKey: [...adminQueriesRoot, 'media'] })
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The upload failed')
    } finally {
      setBusy(false)
    }
  }
  const upload = status.data
  const percent = sent ? Math.floor((sent.sent / Math.max(1, sent.total)) * 100) : 0
  const options = kind === 'event' ? events.data : items.data

  return (
    <>
      <h1>Media</h1>
      <p className="console-lead">
        Upload a game recording or a library video. A dropped connection or a reload picks up where it stopped.
      </p>
      <form className="console-form" onSubmit={(e) => void handleSubmit(e)} aria-describedby="media-help">
        <fieldset className="console-fieldset console-choices">
          <legend>The video is for</legend>
          {(
            [
              ['event', 'An event (its replay)'],
              ['vod', 'A VOD item'],
              ['new-vod', 'A new VOD item'],
            ] as const
          ).map(([value, label]) => (
            <label key={value}>
              <input type="radio" name="media-kind" checked={kind === value} onChange={() => handleKind(value)} />{' '}
              {label}
            </label>
          ))}
        </fieldset>
        {kind === 'new-vod' ? (
          <>
            <label htmlFor="media-title">Title</label>
            <input id="media-title" value={title} maxLength={300} onChange={(e) => setTitle(e.target.value)} />
          </>
        ) : (
          <>
            <label htmlFor="media-owner">{kind === 'event' ? 'Event' : 'VOD item'}</label>
            <select
              id="media-owner"
              value={ownerId ?? ''}
              onChange={(e) => {
                setOwnerId(e.target.value ? Number(e.target.value) : null)
                setUploadId(null)
                setSent(null)
              }}
            >
              <option value="">{kind === 'event' ? 'Choose an event' : 'Choose a VOD item'}</option>
              {(options ?? []).map((row) => (
                <option key={row.id} value={String(row.id)}>
                  {String(row.name ?? row.title ?? row.id)}
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
                  {new Date(a.created_at).toLocaleString()}: {a.status}
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
