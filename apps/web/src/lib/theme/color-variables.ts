import { type ColorSettings, colorOpacityVariants } from '@fieldhouse/contract'

const variants: Readonly<Record<string, readonly number[]>> = colorOpacityVariants

/** `#abc` / `#aabbcc` → [r, g, b], or null for anything else. */
export function hexToRgb(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())
  if (!match?.[1]) return null
  const digits = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1]
  const value = Number.parseInt(digits, 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

// Names become custom property names; anything outside this alphabet could break out of the declaration.
const isSafeName = (name: string) => /^[a-z0-9-]+$/i.test(name)

/**
 * Spec §9: every colour setting becomes `--<name>`, and the named ones get opacity variants
 * `--<name>-<pct>` (e.g. `--body-text-color-50: rgba(255, 255, 255, 0.5)`).
 */
export function colorVariables(colors: ColorSettings): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [name, value] of Object.entries(colors)) {
    const rgb = hexToRgb(value)
    if (!isSafeName(name) || !rgb) continue
    result[`--${name}`] = value
    for (const percent of variants[name] ?? []) {
      result[`--${name}-${percent}`] = `rgba(${rgb.join(', ')}, ${percent / 100})`
    }
  }
  return result
}

/** Writes the channel's colours onto :root; whatever a channel leaves out keeps the stylesheet's default. */
export function applyColorVariables(colors: ColorSettings, root: HTMLElement = document.documentElement) {
  for (const [property, value] of Object.entries(colorVariables(colors))) root.style.setProperty(property, value)
}
