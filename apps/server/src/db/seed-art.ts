/**
 * Artwork for the demo channel, drawn as SVG so the seed needs no downloads: a logo and wide
 * (16/9) slide backgrounds in the channel's colours.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function logoSvg(name: string, primary: string, text: string) {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase()
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <title>${esc(name)}</title>
  <path d="M32 3 58 13v19c0 15-11 25-26 29C17 57 6 47 6 32V13z" fill="${primary}"/>
  <path d="M32 9 52 17v15c0 11-8 19-20 23-12-4-20-12-20-23V17z" fill="none" stroke="${text}" stroke-width="2" opacity=".5"/>
  <text x="32" y="40" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="800" font-size="20" fill="${text}">${esc(initials)}</text>
</svg>`
}

export type SlideArtKind = 'court' | 'pitch' | 'rink'

/** A stylised playing surface with light beams: basketball court, soccer pitch or hockey rink. */
export function slideSvg(kind: SlideArtKind, base: string, accent: string) {
  const surface =
    kind === 'court'
      ? `<rect x="260" y="170" width="1400" height="760" rx="8" fill="#c77b3b" opacity=".9"/>
    <g fill="none" stroke="#fff" stroke-width="6" opacity=".85">
      <rect x="260" y="170" width="1400" height="760" rx="8"/><line x1="960" y1="170" x2="960" y2="930"/>
      <circle cx="960" cy="550" r="110"/><path d="M260 330h250v440H260"/><path d="M1660 330h-250v440h250"/>
      <path d="M260 250a420 300 0 0 1 0 600"/><path d="M1660 250a420 300 0 0 0 0 600"/></g>`
      : kind === 'pitch'
        ? `<rect x="200" y="150" width="1520" height="800" fill="#2f8f46"/>
    ${Array.from({ length: 8 }, (_, i) => `<rect x="${200 + i * 190}" y="150" width="95" height="800" fill="#2a8240"/>`).join('')}
    <g fill="none" stroke="#fff" stroke-width="6" opacity=".9">
      <rect x="200" y="150" width="1520" height="800"/><line x1="960" y1="150" x2="960" y2="950"/>
      <circle cx="960" cy="550" r="120"/><rect x="200" y="350" width="220" height="400"/><rect x="1500" y="350" width="220" height="400"/></g>`
        : `<rect x="220" y="160" width="1480" height="780" rx="220" fill="#e9f1f7"/>
    <g fill="none" stroke-width="8"><rect x="220" y="160" width="1480" height="780" rx="220" stroke="#233"/>
      <line x1="960" y1="160" x2="960" y2="940" stroke="#c0392b"/><line x1="700" y1="160" x2="700" y2="940" stroke="#2c5aa0"/>
      <line x1="1220" y1="160" x2="1220" y2="940" stroke="#2c5aa0"/><circle cx="960" cy="550" r="100" stroke="#2c5aa0"/>
      <circle cx="480" cy="360" r="80" stroke="#c0392b"/><circle cx="480" cy="740" r="80" stroke="#c0392b"/>
      <circle cx="1440" cy="360" r="80" stroke="#c0392b"/><circle cx="1440" cy="740" r="80" stroke="#c0392b"/></g>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1920 1080" width="1920" height="1080" preserveAspectRatio="xMidYMid slice">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${base}"/><stop offset="1" stop-color="#05070d"/></linearGradient>
    <radialGradient id="beam" cx=".5" cy="0" r="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset=".6" stop-color="#fff" stop-opacity="0"/></radialGradient>
    <linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset=".35" stop-color="#05070d" stop-opacity="0"/><stop offset="1" stop-color="#05070d" stop-opacity=".92"/></linearGradient>
  </defs>
  <rect width="1920" height="1080" fill="url(#sky)"/>
  <g transform="translate(960 600) scale(1 .55) translate(-960 -550)">${surface}</g>
  <ellipse cx="420" cy="0" rx="700" ry="900" fill="url(#beam)"/><ellipse cx="1500" cy="0" rx="700" ry="900" fill="url(#beam)"/>
  <rect x="0" y="0" width="1920" height="14" fill="${accent}"/>
  <rect width="1920" height="1080" fill="url(#fade)"/>
</svg>`
}
