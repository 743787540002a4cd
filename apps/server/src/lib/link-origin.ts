/**
 * The origin of a link made for a channel (mails, the CLI's invitations; decision 0041): PUBLIC_URL
 * with the channel's primary verified domain as its host, so the scheme and port stay those the server
 * is reached at, or PUBLIC_URL itself for a channel with none. Never the host a request came with: a
 * request's Host header is the sender's to choose.
 */
export function linkOrigin(publicUrl: string, host: string | undefined): string {
  const url = new URL(publicUrl)
  if (host) url.host = host.includes(':') ? host : `${host}${url.port ? `:${url.port}` : ''}`
  return url.origin
}
