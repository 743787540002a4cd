export interface UploadTarget {
  target: 'event' | 'vod'
  event_id?: number
  vod_id?: number
  title?: string
}

/** 8 MiB requests: a dropped one costs at most that much again. */
const CHUNK_BYTES = 8 * 1024 * 1024
/** Waits before each retry of a failed request; then the upload fails. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000, 20000]
const TUS_VERSION = { 'Tus-Resumable': '1.0.0' }

interface Answer {
  status: number
  header(name: string): string | null
  body: string
}

/** One request; `onSent` reports the bytes of the body sent so far. Rejects only when no answer came. */
function request(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: Blob | null = null,
  onSent?: (bytes: number) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, url)
    for (const [name, value] of Object.entries({ ...TUS_VERSION, ...headers })) xhr.setRequestHeader(name, value)
    if (onSent) xhr.upload.onprogress = (event) => onSent(event.loaded)
    xhr.onload = () =>
      resolve({ status: xhr.status, header: (name) => xhr.getResponseHeader(name), body: xhr.responseText })
    xhr.onerror = () => reject(new Error('The connection dropped.'))
    xhr.send(body)
  })
}

/** The server's message of a refused request (`{ message }`), else its status. */
const refusal = (answer: Answer) => {
  try {
    const message = (JSON.parse(answer.body) as { message?: unknown }).message
    if (typeof message === 'string' && message) return new Error(message)
  } catch {}
  return new Error(`The upload was refused (${answer.status}).`)
}

/** Upload-Metadata: each value base64 of its UTF-8 bytes. */
const metadataHeader = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => {
      let binary = ''
      for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte)
      return `${key} ${btoa(binary)}`
    })
    .join(',')

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Sends a file with tus 1.0 (creation, then PATCH requests from the offset the server holds): a previous
 * upload of the same file to the same place, found by its fingerprint in local storage, is resumed
 * rather than started again, after a dropped connection, a reload or a server restart. A dropped or
 * failed request (no answer, 5xx, 409 on an offset the server does not hold) is retried after asking
 * the server its offset (HEAD). A few lines instead of tus-js-client's 15 KB in the console's budget.
 */
export async function startTusUpload(options: {
  endpoint: string
  apiKey: string
  file: File
  target: UploadTarget
  onProgress: (sent: number, total: number) => void
  onCreated: (id: string) => void
  /** Waits before each retry (the tests' are short). */
  retryDelaysMs?: readonly number[]
}): Promise<{ done: Promise<string> }> {
  const { file, target } = options
  const metadata: Record<string, string> = { filename: file.name, target: target.target }
  if (target.event_id) metadata.event_id = String(target.event_id)
  if (target.vod_id) metadata.vod_id = String(target.vod_id)
  if (target.title) metadata.title = target.title
  const auth = { Authorization: `Bearer ${options.apiKey}` }
  const endpoint = new URL(options.endpoint, window.location.href)
  // The same file for the same place resumes; another place is another upload.
  const fingerprint = `fh-tus:${JSON.stringify(target)}:${file.name}:${file.size}:${file.lastModified}`
  const idOf = (url: string) => url.split('/').pop() ?? ''

  /** The offset the server holds for `url`, or null when it no longer knows the upload. */
  const offsetOf = async (url: string) => {
    const answer = await request('HEAD', url, auth)
    const offset = Number(answer.header('Upload-Offset'))
    if (answer.status >= 200 && answer.status < 300 && Number.isFinite(offset)) return offset
    if (answer.status === 404 || answer.status === 410 || answer.status === 403) return null
    throw refusal(answer)
  }

  const upload = async () => {
    let url = localStorage.getItem(fingerprint)
    let offset = 0
    if (url) {
      const held = await offsetOf(url).catch(() => null)
      if (held === null) {
        localStorage.removeItem(fingerprint)
        url = null
      } else offset = held
    }
    if (!url) {
      const created = await request('POST', endpoint.href, {
        ...auth,
        'Upload-Length': String(file.size),
        'Upload-Metadata': metadataHeader(metadata),
      })
      const location = created.header('Location')
      if (created.status !== 201 || !location) throw refusal(created)
      url = new URL(location, endpoint).href
      localStorage.setItem(fingerprint, url)
    }
    options.onCreated(idOf(url))
    options.onProgress(offset, file.size)
    let attempt = 0
    while (offset < file.size) {
      const from = offset
      let answer: Answer | null = null
      try {
        answer = await request(
          'PATCH',
          url,
          { ...auth, 'Upload-Offset': String(from), 'Content-Type': 'application/offset+octet-stream' },
          file.slice(from, from + CHUNK_BYTES),
          (sent) => options.onProgress(from + sent, file.size),
        )
      } catch {}
      if (answer && answer.status >= 200 && answer.status < 300) {
        offset = Number(answer.header('Upload-Offset') ?? from + CHUNK_BYTES)
        attempt = 0
        continue
      }
      if (answer && answer.status !== 409 && answer.status !== 423 && answer.status < 500) throw refusal(answer)
      const delay = (options.retryDelaysMs ?? RETRY_DELAYS_MS)[attempt++]
      if (delay === undefined) throw answer ? refusal(answer) : new Error('The connection dropped.')
      await wait(delay)
      const held = await offsetOf(url).catch(() => from)
      if (held === null) {
        localStorage.removeItem(fingerprint)
        throw new Error('The server no longer has this upload. Start it again.')
      }
      offset = held
    }
    localStorage.removeItem(fingerprint)
    options.onProgress(file.size, file.size)
    return idOf(url)
  }
  return { done: upload() }
}
