import type { Upload as TusUpload } from 'tus-js-client'

export interface UploadTarget {
  target: 'event' | 'vod' | 'preroll'
  event_id?: number
  vod_id?: number
  preroll_id?: number
  title?: string
}

/**
 * Sends a file with tus (resumable): a previous upload of the same file to the same place, found by
 * its fingerprint in local storage, is resumed rather than started again, after a dropped connection,
 * a reload or a server restart. tus-js-client is its own chunk, loaded when an upload starts.
 */
export async function startTusUpload(options: {
  endpoint: string
  apiKey: string
  file: File
  target: UploadTarget
  onProgress: (sent: number, total: number) => void
  onCreated: (id: string) => void
}): Promise<{ upload: TusUpload; done: Promise<string> }> {
  const { Upload } = await import('tus-js-client')
  const metadata: Record<string, string> = { filename: options.file.name, target: options.target.target }
  if (options.target.event_id) metadata.event_id = String(options.target.event_id)
  if (options.target.vod_id) metadata.vod_id = String(options.target.vod_id)
  if (options.target.preroll_id) metadata.preroll_id = String(options.target.preroll_id)
  if (options.target.title) metadata.title = options.target.title
  const idOf = (url: string | null) => (url ?? '').split('/').pop() ?? ''
  let upload!: TusUpload
  const done = new Promise<string>((resolve, reject) => {
    upload = new Upload(options.file, {
      endpoint: options.endpoint,
      headers: { Authorization: `Bearer ${options.apiKey}` },
      metadata,
      // 8 MiB requests: a dropped one costs at most that much again.
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
      removeFingerprintOnSuccess: true,
      // The same file for the same place resumes; another place is another upload.
      fingerprint: async (file) =>
        `fh-tus:${JSON.stringify(options.target)}:${(file as File).name}:${(file as File).size}:${(file as File).lastModified}`,
      onProgress: options.onProgress,
      onAfterResponse: (_req, res) => {
        const location = res.getHeader('Location')
        if (location) options.onCreated(idOf(location))
      },
      onError: (error) => {
        const body = (error as { originalResponse?: { getBody(): string } }).originalResponse?.getBody()
        let message = error.message
        try {
          message = (JSON.parse(body ?? '') as { message?: string }).message ?? message
        } catch {}
        reject(new Error(message))
      },
      onSuccess: () => resolve(idOf(upload.url)),
    })
  })
  const previous = await upload.findPreviousUploads()
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0])
  if (upload.url) options.onCreated(idOf(upload.url))
  upload.start()
  return { upload, done }
}
