/**
 * Accessible themes by construction: from a channel's colour settings, every colour that text is drawn
 * in is derived so that it reads against what it is drawn on — WCAG 2.1 AA, 4.5:1 for text, 3:1 for
 * large text and for the focus ring (1.4.11). The operator's colours are kept wherever they already
 * read; otherwise the text colour is moved in lightness (same hue and saturation) just far enough, and
 * the change is reported so the operator can be told (decision 12).
 */

export type Rgb = readonly [number, number, number]

/** WCAG 2.1 minimum contrast ratios. */
export const contrastMinimum = { text: 4.5, largeText: 3, nonText: 3 } as const

/** What the stylesheet shows when a channel leaves a colour out (the web app's neutral dark theme). */
export const defaultChannelColors = {
  'header-background': '#0a0e15',
  'header-text-color': '#ffffff',
  'body-background': '#10151e',
  'body-text-color': '#f2f5fa',
  'footer-background': '#080b10',
  'footer-text-color': '#c6cdd8',
  'primary-color': '#2f7cf6',
  'primary-text-color': '#ffffff',
  'secondary-color': '#1c2431',
  'live-color': '#e5383b',
} as const

/** Our own colour for "free", "purchased" and success messages (not a channel setting). */
export const successColor = '#1e7f4f'

export function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())
  if (!match?.[1]) return null
  const digits = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1]
  const value = Number.parseInt(digits, 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

export const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`

/** WCAG relative luminance. */
export function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** WCAG contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** `top` at `alpha` over an opaque `bottom` (what the eye sees of a translucent colour). */
export const mix = (top: Rgb, bottom: Rgb, alpha: number): Rgb =>
  [0, 1, 2].map((i) => (top[i] as number) * alpha + (bottom[i] as number) * (1 - alpha)) as unknown as Rgb

function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255]
  const max = Math.max(rn, gn, bn)
  const min = Math.min(rn, gn, bn)
  const l = (max + min) / 2
  if (max === min) return [0, 0, l]
  const d = max - min
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min)
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4
  return [h / 6, s, l]
}

function fromHsl([h, s, l]: [number, number, number]): Rgb {
  if (s === 0) return [l * 255, l * 255, l * 255]
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s
  const p = 2 * l - q
  const hue = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t
    if (u < 1 / 6) return p + (q - p) * 6 * u
    if (u < 1 / 2) return q
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6
    return p
  }
  return [hue(h + 1 / 3) * 255, hue(h) * 255, hue(h - 1 / 3) * 255]
}

const round = (rgb: Rgb): Rgb => rgb.map((c) => Math.round(Math.min(255, Math.max(0, c)))) as unknown as Rgb
const worst = (color: Rgb, backgrounds: readonly Rgb[]) => Math.min(...backgrounds.map((b) => contrastRatio(color, b)))

/**
 * The colour nearest to `color` (same hue and saturation, lightness moved as little as it can be) that
 * reaches `minimum` against every one of `backgrounds`; black or white when no lightness does.
 */
export function readableColor(color: Rgb, backgrounds: readonly Rgb[], minimum: number): Rgb {
  const start = round(color)
  if (worst(start, backgrounds) >= minimum) return start
  const [h, s, l] = toHsl(start)
  const candidates: Rgb[] = []
  for (const target of [0, 1]) {
    const at = (t: number) => round(fromHsl([h, s, l + (target - l) * t]))
    if (worst(at(1), backgrounds) < minimum) continue
    // The contrast grows as the lightness moves out to the end: find the smallest step that is enough.
    let [lo, hi] = [0, 1]
    for (let i = 0; i < 24; i++) {
      const mid = (lo + hi) / 2
      if (worst(at(mid), backgrounds) >= minimum) hi = mid
      else lo = mid
    }
    candidates.push(at(hi))
  }
  const distance = (c: Rgb) => Math.abs(toHsl(c)[2] - l)
  const best = candidates.sort((a, b) => distance(a) - distance(b))[0]
  if (best) return best
  const black: Rgb = [0, 0, 0]
  const white: Rgb = [255, 255, 255]
  return worst(black, backgrounds) >= worst(white, backgrounds) ? black : white
}

/** One colour the theme shows differently from the operator's choice, and why. */
export interface ColorAdjustment {
  /** The setting (e.g. `primary-text-color`) or the derived role (e.g. `link on body-background`). */
  name: string
  chosen: string
  used: string
  /** What it is read against. */
  against: string
  /** Contrast of the chosen colour there, and of the colour used. */
  chosenRatio: number
  usedRatio: number
  minimum: number
}

/** A text colour and what it must be readable on: the pairs the stylesheet draws. */
export interface ThemePair {
  /** The CSS variable holding the text colour. */
  variable: string
  /** The backgrounds it is drawn on, already blended where translucent. */
  backgrounds: Rgb[]
  minimum: number
}

export interface Theme {
  /** Every colour setting, adjusted where it had to be (the opacity variants of spec §9 follow these). */
  colors: Record<string, string>
  /** Colours the stylesheet derives for text and focus (`--accent-text-color` …). */
  derived: Record<string, string>
  adjustments: ColorAdjustment[]
  /** The pairs checked, with the colours used (for tests and the operator's report). */
  pairs: ThemePair[]
}

/**
 * Surfaces text is drawn on: the page itself, cards (5 % of the text colour over it), secondary buttons
 * and hovered rows (10 %), raised panels (14 %) and fields and secondary buttons on a raised panel (23 %).
 */
export const bodySurfaces = (background: Rgb, text: Rgb): Rgb[] =>
  [0, 0.05, 0.1, 0.14, 0.23].map((alpha) => round(mix(text, background, alpha)))

/**
 * Messages (errors, confirmations) tint a raised panel with the live or success colour (10 %); body text
 * and links are read on those too.
 */
export const messageTints = (background: Rgb, text: Rgb, live: Rgb): Rgb[] => {
  const raised = round(mix(text, background, 0.14))
  return [live, parseHex(successColor) as Rgb].map((tint) => round(mix(tint, raised, 0.1)))
}

/** How far muted text (dates, venues, hints) may fade toward the background while it still reads. */
const MUTED_MIN_ALPHA = 0.62

/**
 * Derives the readable theme of a channel from its colour settings (missing ones take the defaults).
 * Pure: the web app applies it at start-up, the operator command line reports its adjustments.
 */
export function deriveTheme(settings: Readonly<Record<string, string>>): Theme {
  const chosen: Record<string, string> = { ...defaultChannelColors }
  for (const [name, value] of Object.entries(settings)) if (parseHex(value)) chosen[name] = value
  const rgb = (name: string) => parseHex(chosen[name] as string) as Rgb
  const colors: Record<string, string> = { ...chosen }
  const derived: Record<string, string> = {}
  const adjustments: ColorAdjustment[] = []
  const pairs: ThemePair[] = []
  const { text, nonText } = contrastMinimum

  const settle = (
    name: string,
    variable: string,
    color: Rgb,
    backgrounds: Rgb[],
    against: string,
    minimum: number = text,
    chosenHex = toHex(color),
    report = true,
  ) => {
    const used = readableColor(color, backgrounds, minimum)
    const usedHex = toHex(used)
    if (report && usedHex !== toHex(round(parseHex(chosenHex) as Rgb))) {
      adjustments.push({
        name,
        chosen: chosenHex,
        used: usedHex,
        against,
        chosenRatio: Math.round(worst(parseHex(chosenHex) as Rgb, backgrounds) * 100) / 100,
        usedRatio: Math.round(worst(used, backgrounds) * 100) / 100,
        minimum,
      })
    }
    pairs.push({ variable, backgrounds, minimum })
    return used
  }

  // The settings that are themselves text colours on a setting that is a background.
  // Hovered and pressed controls tint the background with the text colour itself: settle against the
  // surfaces the adjusted colour makes, once more if the first adjustment moved them.
  // Hovered controls, cards and raised panels tint the background with the text colour itself, so the
  // text is settled against the surfaces it makes. On a mid-tone background no text colour reads on all
  // of them: the background then moves in lightness (the nearer way) until one does.
  type SurfacesOf = (background: Rgb, text: Rgb) => Rgb[]
  const settleText = (color: Rgb, background: Rgb, surfacesOf: SurfacesOf): Rgb | null => {
    let c = color
    for (let i = 0; i < 12 && worst(c, surfacesOf(background, c)) < text; i++) {
      c = readableColor(c, surfacesOf(background, c), text)
    }
    for (const extreme of [c, [0, 0, 0] as Rgb, [255, 255, 255] as Rgb]) {
      if (worst(extreme, surfacesOf(background, extreme)) >= text) return extreme
    }
    return null
  }
  const textOn = (name: string, variable: string, backgroundName: string, surfacesOf: SurfacesOf = bodySurfaces) => {
    let background = rgb(backgroundName)
    let color = settleText(rgb(name), background, surfacesOf)
    const [h, s, l] = toHsl(background)
    for (let step = 0.02; !color && step <= 1; step += 0.02) {
      for (const target of l < 0.5 ? [0, 1] : [1, 0]) {
        const moved = round(fromHsl([h, s, Math.min(1, Math.max(0, l + (target === 0 ? -step : step)))]))
        const found = settleText(rgb(name), moved, surfacesOf)
        if (found) {
          background = moved
          color = found
          break
        }
      }
    }
    const used = color ?? [0, 0, 0]
    if (toHex(background) !== toHex(rgb(backgroundName))) {
      colors[backgroundName] = toHex(background)
      adjustments.push({
        name: backgroundName,
        chosen: chosen[backgroundName] as string,
        used: toHex(background),
        against: name,
        chosenRatio: Math.round(contrastRatio(rgb(name), rgb(backgroundName)) * 100) / 100,
        usedRatio: Math.round(worst(used, surfacesOf(background, used)) * 100) / 100,
        minimum: text,
      })
    }
    settle(name, variable, used, surfacesOf(background, used), backgroundName, text, chosen[name])
    return { text: used, background }
  }
  const headerPair = textOn('header-text-color', '--header-text-color', 'header-background')
  const header = headerPair.text
  const headerBg = headerPair.background
  colors['header-text-color'] = toHex(header)

  const live = rgb('live-color')
  const bodyPair = textOn('body-text-color', '--body-text-color', 'body-background', (bg, t) => [
    ...bodySurfaces(bg, t),
    ...messageTints(bg, t, live),
  ])
  const bodyBg = bodyPair.background
  const body = bodyPair.text
  colors['body-text-color'] = toHex(body)
  const surfaces = [...bodySurfaces(bodyBg, body), ...messageTints(bodyBg, body, live)]

  const footerBg = rgb('footer-background')
  colors['footer-text-color'] = toHex(
    settle('footer-text-color', '--footer-text-color', rgb('footer-text-color'), [footerBg], 'footer-background'),
  )

  // Buttons and chips: the brand colour stays, its text is made to read on it. Hover moves the button
  // away from its text in lightness, so a hovered button reads at least as well.
  const primary = rgb('primary-color')
  const primaryText = settle(
    'primary-text-color',
    '--primary-text-color',
    rgb('primary-text-color'),
    [primary],
    'primary-color',
  )
  colors['primary-text-color'] = toHex(primaryText)
  const [ph, ps, pl] = toHsl(primary)
  const awayFromText = luminance(primaryText) > luminance(primary) ? -0.08 : 0.08
  derived['--primary-hover-color'] = toHex(round(fromHsl([ph, ps, Math.min(1, Math.max(0, pl + awayFromText))])))

  // Derived text colours: the brand, live and success colours used as text on the body's surfaces, and
  // the text drawn on a live or success badge.
  const derive = (
    variable: string,
    role: string,
    color: Rgb,
    backgrounds: Rgb[],
    against: string,
    minimum: number = text,
    report = true,
  ) => {
    derived[variable] = toHex(settle(role, variable, color, backgrounds, against, minimum, toHex(color), report))
  }
  derive('--accent-text-color', 'primary-color as text', primary, surfaces, 'body-background')
  derive('--header-accent-color', 'primary-color in the header', primary, [headerBg], 'header-background')
  derive('--footer-accent-color', 'primary-color in the footer', primary, [footerBg], 'footer-background')
  derive('--live-text-color', 'text on live-color', [255, 255, 255], [live], 'live-color')
  derive('--live-on-body-color', 'live-color as text', live, surfaces, 'body-background')
  const success = parseHex(successColor) as Rgb
  // Our own success colour is no operator's choice: nothing to report about it.
  derive(
    '--success-text-color',
    'text on the success colour',
    [255, 255, 255],
    [success],
    'success colour',
    text,
    false,
  )
  derive('--success-on-body-color', 'success colour as text', success, surfaces, 'body-background', text, false)
  // The focus ring is not text: 3:1 against the page and the header (WCAG 1.4.11).
  derive('--focus-ring-color', 'focus ring', primary, surfaces, 'body-background', nonText)
  derive('--header-focus-ring-color', 'focus ring in the header', primary, [headerBg], 'header-background', nonText)
  derive('--footer-focus-ring-color', 'focus ring in the footer', primary, [footerBg], 'footer-background', nonText)

  // Muted text: a text colour faded toward its background as far as it still reads on every surface
  // behind it (the body text on the page's surfaces, the header text on the header).
  const muted = (variable: string, color: Rgb, background: Rgb, backgrounds: Rgb[]) => {
    let alpha = 1
    for (let a = MUTED_MIN_ALPHA; a < 1; a += 0.02) {
      if (worst(round(mix(color, background, a)), backgrounds) >= text) {
        alpha = a
        break
      }
    }
    derived[variable] = toHex(round(mix(color, background, alpha)))
    pairs.push({ variable, backgrounds, minimum: text })
  }
  muted('--muted-text-color', body, bodyBg, surfaces)
  muted('--header-muted-color', header, headerBg, [headerBg])

  return { colors, derived, adjustments, pairs }
}

/** The colours of a theme by variable name, for checking its pairs. */
export function themeColor(theme: Theme, variable: string): Rgb {
  const value = theme.derived[variable] ?? theme.colors[variable.replace(/^--/, '')]
  return parseHex(value as string) as Rgb
}

/** A line per adjustment, in words an operator reads. */
export function describeAdjustments(adjustments: readonly ColorAdjustment[]): string[] {
  return adjustments.map(
    (a) =>
      `${a.name}: ${a.chosen} is adjusted to ${a.used} (contrast on ${a.against} ${a.chosenRatio}:1 → ${a.usedRatio}:1, needs ${a.minimum}:1)`,
  )
}
