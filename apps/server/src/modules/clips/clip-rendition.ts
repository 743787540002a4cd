/**
 * Which rendition of a recording a clip is cut from: the 720p one when the master lists it (a clip
 * is for sharing: sharp enough on a phone, light enough to be ready in seconds), else the tallest
 * below it, else the smallest above it; a live master lists only `source` (and maybe a lower one),
 * and the tallest wins. Returns the variant playlist's path inside the asset, or null.
 */
export function pickClipRendition(master: string, preferHeight = 720): string | null {
  const lines = master.split(/\r?\n/).map((l) => l.trim())
  const variants: { uri: string; height: number; bandwidth: number }[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue
    const uri = lines.slice(i + 1).find((l) => l && !l.startsWith('#'))
    if (!uri || uri.includes('..') || uri.startsWith('/') || /^[a-z]+:/i.test(uri)) continue
    const height = Number(/RESOLUTION=\d+x(\d+)/.exec(line)?.[1] ?? 0)
    const bandwidth = Number(/BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0)
    variants.push({ uri, height, bandwidth })
  }
  if (variants.length === 0) return null
  const exact = variants.find((v) => v.height === preferHeight)
  if (exact) return exact.uri
  const unknown = variants.filter((v) => v.height === 0)
  // A live source states no size: it is the best there is.
  if (unknown.length) return unknown.sort((a, b) => b.bandwidth - a.bandwidth)[0]?.uri ?? null
  const below = variants.filter((v) => v.height < preferHeight).sort((a, b) => b.height - a.height)
  if (below[0]) return below[0].uri
  return variants.sort((a, b) => a.height - b.height)[0]?.uri ?? null
}
