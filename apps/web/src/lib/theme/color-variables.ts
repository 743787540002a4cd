import { type ColorSettings, colorOpacityVariants, deriveTheme, parseHex } from '@fieldhouse/contract'

const variants: Readonly<Record<string, readonly number[]>> = colorOpacityVariants

/** `#abc` / `#aabbcc` → [r, g, b], or null for anything else. */
export function hexToRgb(hex: string): [number, number, number] | null {
  const rgb = parseHex(hex)
  return rgb ? [rgb[0], rgb[1], rgb[2]] : null
}

// Names become custom property names; anything outside this alphabet could break out of the declaration.
const isSafeName = (name: string) => /^[a-z0-9-]+$/i.test(name)

/**
 * Spec §9: every colour setting becomes `--<name>`, and the named ones get opacity variants
 * `--<name>-<pct>` (e.g. `--body-text-color-50: rgba(255, 255, 255, 0.5)`). The colours are the
 * readable theme derived from the settings (decision 12): text colours that would not meet WCAG AA on
 * their background are moved in lightness, and the derived text colours (`--accent-text-color`,
 * `--muted-text-color`, `--live-text-color` …) are added. Settings a channel leaves out take the
 * stylesheet's defaults, so the derived colours always match what is on screen.
 */
export function colorVariables(colors: ColorSettings): Record<string, string> {
  const safe = Object.fromEntries(Object.entries(colors).filter(([name, value]) => isSafeName(name) && hexToRgb(value)))
  const theme = deriveTheme(safe)
  const result: Record<string, string> = {}
  for (const [name, value] of Object.entries(theme.colors)) {
    const rgb = hexToRgb(value)
    if (!rgb) continue
    result[`--${name}`] = value
    for (const percent of variants[name] ?? []) {
      result[`--${name}-${percent}`] = `rgba(${rgb.join(', ')}, ${percent / 100})`
    }
  }
  return { ...result, ...theme.derived }
}

/**
 * Writes the channel's readable theme onto :root. The console's Colours page paints the colours being
 * picked onto its preview of the site (`preview: true`), which marks that document: from then on the
 * site's own painting (its start, its settings fetched again) leaves it alone, so the preview shows the
 * picked colours even when the site in it starts after the operator has begun picking.
 */
export function applyColorVariables(
  colors: ColorSettings,
  root: HTMLElement = document.documentElement,
  options: { preview?: boolean } = {},
) {
  if (options.preview) root.dataset.colourPreview = ''
  else if (root.dataset.colourPreview !== undefined) return
  for (const [property, value] of Object.entries(colorVariables(colors))) root.style.setProperty(property, value)
}
