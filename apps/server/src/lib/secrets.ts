import { createHash, randomBytes } from 'node:crypto'

/** A new secret token: 256 bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url')

/** How secrets are kept at rest: SHA-256, hex. A token of 256 random bits needs no salt or stretching. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** `?api_key=…` (and other secrets) masked in a URL, for logs. */
const SECRET_PARAMS = /([?&](?:api_key|token|signature|code|state)=)[^&#]*/gi
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[redacted]')
