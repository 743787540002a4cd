/** An EVENT playlist as the ingest's ffmpeg writes it, with `count` segments numbered from `sequence`. */
export function eventPlaylist(count: number, { sequence = 0, ended = false } = {}) {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:1',
    `#EXT-X-MEDIA-SEQUENCE:${sequence}`,
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ]
  for (let i = 0; i < count; i++) {
    lines.push(
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-24T14:00:00.000+0000',
      '#EXTINF:1.000000,',
      `seg_${String(sequence + i).padStart(5, '0')}.ts`,
    )
  }
  if (ended) lines.push('#EXT-X-ENDLIST')
  return `${lines.join('\n')}\n`
}
