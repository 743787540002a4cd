import { createHash, randomBytes } from 'node:crypto'

/** A new secret token: 256 bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url')

/** How secrets are kept at rest: SHA-256, hex. A token of 256 random bits needs no salt or stretching. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** `?api_key=…` (and other secrets) masked in a URL, for logs. */
const SECRET_PARAMS = /([?&](?:api_key|token|signature|code|state)=)[^&#]*/gi
/** Signed media paths carry their token in the path (`/media/p/{token}/…`). */
const MEDIA_TOKEN = /(\/media\/p\/)[^/?#]+/g
/** An upload's URL is what tus resumes it by: its id is kept out of logs but for a prefix to tell them apart. */
const UPLOAD_ID = /(\/api\/admin\/uploads\/[a-f0-9]{4})[a-f0-9]{28}/g
export const redactUrl = (url: string) =>
  url.replace(SECRET_PARAMS, '$1[redacted]').replace(MEDIA_TOKEN, '$1[redacted]').replace(UPLOAD_ID, '$1…')

/** An event's stream key: what the encoder puts after rtmp://host/live/ (144 bits, URL-safe). */
export const newStreamKey = () => randomBytes(18).toString('base64url')
