/** The controls' pictures: 24×24, drawn in the current colour, hidden from screen readers (buttons carry names). */
const paths = {
  play: 'M8 5.5v13l11-6.5z',
  pause: 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z',
  volume: 'M4 9.5h3.5L12 5.5v13l-4.5-4H4zM15 8.5a5 5 0 0 1 0 7M17.5 6a8.5 8.5 0 0 1 0 12',
  muted: 'M4 9.5h3.5L12 5.5v13l-4.5-4H4zM15.5 9.5l5 5M20.5 9.5l-5 5',
  fullscreen: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
  exitFullscreen: 'M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5',
  pip: 'M3 5h18v14H3zM12 12h7v5h-7z',
  captions: 'M3 5h18v14H3zM10.5 10a2.5 2.5 0 1 0 0 4M17 10a2.5 2.5 0 1 0 0 4',
  cast: 'M3 8V5h18v14h-7M3 11.5a7.5 7.5 0 0 1 7.5 7.5M3 15.5A3.5 3.5 0 0 1 6.5 19M3 19h.01',
  settings:
    'M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM19.4 13.5l1.6 1.2-2 3.4-1.9-.7a7.6 7.6 0 0 1-1.9 1.1L15 20.5h-4l-.3-2a7.6 7.6 0 0 1-1.9-1.1l-1.9.7-2-3.4 1.6-1.2a7.5 7.5 0 0 1 0-2.2L4.9 9.9l2-3.4 1.9.7a7.6 7.6 0 0 1 1.9-1.1l.3-2h4l.3 2a7.6 7.6 0 0 1 1.9 1.1l1.9-.7 2 3.4-1.6 1.2a7.5 7.5 0 0 1 0 2.2z',
} as const

export type PlayerIconName = keyof typeof paths

const filled: ReadonlySet<PlayerIconName> = new Set(['play', 'pause'])

export function PlayerIcon({ name }: { name: PlayerIconName }) {
  const isFilled = filled.has(name)
  return (
    <svg
      className="player-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      fill={isFilled ? 'currentColor' : 'none'}
      stroke={isFilled ? 'none' : 'currentColor'}
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name]} />
    </svg>
  )
}
