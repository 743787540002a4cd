import { UPLOAD_ACCEPT } from '@fieldhouse/contract'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useApiKeys } from '../../../lib/api/api-context'
import { useRuntimeConfig } from '../../../lib/config/runtime-config'
import { allowed } from '../access'
import { adminQueriesRoot, useAdminOptions } from '../api/admin-api'
import { useDeleteMedia, useOwnerMedia, useUploadStatus } from '../api/use-console-media'
import { useChannelTime } from '../channel-time'
import { PageHead } from '../components/page-head'
import { HlsPreview } from '../media/hls-preview'
import { startTusUpload, type UploadTarget } from '../media/tus-upload'
import { useOperator } from '../operator-context'
import { type ConsoleText, useConsoleText } from '../words'

type Kind = 'event' | 'vod' | 'new-vod' | 'preroll' | 'new-preroll'

const allKinds: readonly Kind[] = ['event', 'vod', 'new-vod', 'preroll', 'new-preroll']
const targetOf = (kind: Kind) => (kind === 'event' ? 'event' : kind === 'vod' || kind === 'new-vod' ? 'vod' : 'preroll')

/** A pre-roll in the picker: it has no name, so its weight, flags and current video say which it is. */
const prerollLabel = (t: ConsoleText, row: Record<string, unknown>) => {
  const live = row.for_live ? t('media.live') : null
  const vod = row.for_vod ? t('media.vod') : null
  const where = live && vod ? t('media.and', { a: live, b: vod }) : (live ?? vod ?? t('media.nowhere'))
  const video = typeof row.url === 'string' && row.url ? row.url.split('/').pop() : t('media.noVideoYet')
  return t('media.preroll', { id: String(row.id), weight: String(row.weight), where, video })
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
  const t = useConsoleText()
  const { dateTime } = useChannelTime()
  const me = useOperator()
  const kinds = allKinds
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
    if (!file) return setError(t('media.chooseFile'))
    if (!isNew && ownerId === null) return setError(t(`media.choose.${target}`))
    if (kind === 'new-vod' && !title.trim()) return setError(t('media.giveTitle'))
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
      setError(err instanceof Error ? err.message : t('media.uploadFailed'))
    } finally {
      setBusy(false)
    }
  }
  const upload = status.data
  const percent = sent ? Math.floor((sent.sent / Math.max(1, sent.total)) * 100) : 0
  const options = kind === 'event' ? events.data : kind === 'vod' ? items.data : prerolls.data

  return (
    <>
      <PageHead title={t('media.title')} lead={t('media.lead')} />
      <form className="console-form" onSubmit={(e) => void handleSubmit(e)} aria-describedby="media-help">
        <fieldset className="console-fieldset console-choices">
          <legend>{t('media.videoFor')}</legend>
          {kinds.map((value) => (
            <label key={value}>
              <input type="radio" name="media-kind" checked={kind === value} onChange={() => handleKind(value)} />{' '}
              {t(`media.kinds.${value}`)}
            </label>
          ))}
        </fieldset>
        {kind === 'new-preroll' ? (
          <p className="console-note">{t('media.newPreroll')}</p>
        ) : kind === 'new-vod' ? (
          <>
            <label htmlFor="media-title">{t('media.videoTitle')}</label>
            <input id="media-title" value={title} maxLength={300} onChange={(e) => setTitle(e.target.value)} />
          </>
        ) : (
          <>
            <label htmlFor="media-owner">{t(`media.owners.${target}`)}</label>
            <select
              id="media-owner"
              value={ownerId ?? ''}
              onChange={(e) => {
                setOwnerId(e.target.value ? Number(e.target.value) : null)
                setUploadId(null)
                setSent(null)
              }}
            >
              <option value="">{t(`media.choose.${target}`)}</option>
              {(options ?? []).map((row) => (
                <option key={row.id} value={String(row.id)}>
                  {target === 'preroll' ? prerollLabel(t, row) : String(row.name ?? row.title ?? row.id)}
                </option>
              ))}
            </select>
          </>
        )}
        <label htmlFor="media-file">{t('media.file')}</label>
        <input
          id="media-file"
          type="file"
          accept={UPLOAD_ACCEPT}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <p id="media-help" className="console-note">
          {t('media.help')}
        </p>
        <button type="submit" disabled={busy}>
          {busy ? t('media.uploading') : t('media.upload')}
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
            {t('media.progress', { percent, sent: sizeText(sent.sent), total: sizeText(sent.total) })}
          </label>
          <progress id="media-upload-progress" max={100} value={percent} />
        </div>
      ) : null}
      {upload && upload.status !== 'uploading' ? (
        <div className="console-progress" data-testid="encode-state">
          <label htmlFor="media-encode-progress">
            {upload.status === 'ready'
              ? t('media.ready')
              : upload.status === 'failed'
                ? t('media.failed', { error: upload.error ?? t('media.notEncoded') })
                : t('media.encoding', { percent: upload.progress })}
          </label>
          <progress id="media-encode-progress" max={100} value={upload.status === 'ready' ? 100 : upload.progress} />
        </div>
      ) : null}
      {media.data ? (
        <section aria-labelledby="media-current" className="console-card">
          <h2 id="media-current">{t('media.videos')}</h2>
          {media.data.preview ? <HlsPreview src={media.data.preview.hls} label={t('media.previewCurrent')} /> : null}
          {media.data.assets.length === 0 ? <p>{t('media.noVideo')}</p> : null}
          <ul className="console-media-list">
            {media.data.assets.map((a) => (
              <li key={a.id}>
                <span>
                  {t('media.assetOf', {
                    source: t(`media.sources.${a.source}`),
                    date: dateTime(a.created_at),
                    status: t(`media.statuses.${a.status}`),
                  })}
                  {a.status === 'processing' ? ` ${a.progress}%` : ''}
                  {a.duration ? t('media.seconds', { seconds: Math.round(a.duration) }) : ''}
                  {a.playing ? t('media.playing') : ''}
                </span>
                {confirmDelete === a.id ? (
                  <fieldset className="console-inline-confirm">
                    <legend>{t('media.confirmDelete')}</legend>
                    <button type="button" className="console-danger" onClick={() => void remove.mutateAsync(a.id)}>
                      {t('media.deleteForGood')}
                    </button>
                    <button type="button" onClick={() => setConfirmDelete(null)}>
                      {t('media.keep')}
                    </button>
                  </fieldset>
                ) : a.status !== 'live' ? (
                  <button type="button" onClick={() => setConfirmDelete(a.id)}>
                    {t('media.delete')}
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
