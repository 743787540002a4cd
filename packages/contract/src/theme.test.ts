import { describe, expect, it } from 'vitest'
import { colorSettingNames } from './constants.js'
import {
  bodySurfaces,
  contrastMinimum,
  contrastRatio,
  deriveTheme,
  describeAdjustments,
  messageTints,
  parseHex,
  type Rgb,
  readableColor,
  successColor,
  type Theme,
  themeColor,
  toHex,
} from './theme.js'

/** A small seeded generator (mulberry32), so a failure names a palette that can be replayed. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const names = colorSettingNames

/**
 * Every text-on-colour pair the stylesheet draws, with the backgrounds worked out again from the
 * theme's final colours (not from what the derivation says it checked).
 */
function drawnPairs(theme: Theme): [string, string, Rgb[], number][] {
  const c = (variable: string) => themeColor(theme, variable)
  const body = [
    ...bodySurfaces(c('--body-background'), c('--body-text-color')),
    ...messageTints(c('--body-background'), c('--body-text-color'), c('--live-color')),
  ]
  const header = bodySurfaces(c('--header-background'), c('--header-text-color'))
  const { text, nonText } = contrastMinimum
  return [
    ['--header-text-color', 'header', header, text],
    ['--header-muted-color', 'header', [c('--header-background')], text],
    ['--header-accent-color', 'header', [c('--header-background')], text],
    ['--body-text-color', 'body', body, text],
    ['--muted-text-color', 'body', body, text],
    ['--accent-text-color', 'body', body, text],
    ['--live-on-body-color', 'body', body, text],
    ['--success-on-body-color', 'body', body, text],
    ['--footer-text-color', 'footer', [c('--footer-background')], text],
    ['--footer-accent-color', 'footer', [c('--footer-background')], text],
    ['--primary-text-color', 'primary', [c('--primary-color'), c('--primary-hover-color')], text],
    ['--live-text-color', 'live', [c('--live-color')], text],
    ['--success-text-color', 'success', [parseHex(successColor) as Rgb], text],
    ['--focus-ring-color', 'body', body, nonText],
    ['--header-focus-ring-color', 'header', [c('--header-background')], nonText],
    ['--footer-focus-ring-color', 'footer', [c('--footer-background')], nonText],
  ]
}

describe('deriveTheme', () => {
  it('makes every pair readable over 1000 random palettes', { timeout: 60_000 }, () => {
    const next = random(13)
    const hex = () => toHex([next() * 255, next() * 255, next() * 255])
    for (let i = 0; i < 1000; i++) {
      const palette = Object.fromEntries(names.map((name) => [name, hex()]))
      const theme = deriveTheme(palette)
      for (const [variable, on, backgrounds, minimum] of drawnPairs(theme)) {
        for (const background of backgrounds) {
          const ratio = contrastRatio(themeColor(theme, variable), background)
          expect(
            ratio,
            `${variable} on ${on} ${toHex(background)} for ${JSON.stringify(palette)}`,
          ).toBeGreaterThanOrEqual(minimum)
        }
      }
    }
  })

  it('also holds for palettes of near-equal colours and extremes', () => {
    for (const base of ['#000000', '#ffffff', '#808080', '#777777', '#ff0000', '#00ff00', '#0000ff', '#ffff00']) {
      const theme = deriveTheme(Object.fromEntries(names.map((name) => [name, base])))
      for (const [variable, , backgrounds, minimum] of drawnPairs(theme)) {
        for (const background of backgrounds) {
          expect(contrastRatio(themeColor(theme, variable), background), `${variable} ${base}`).toBeGreaterThanOrEqual(
            minimum,
          )
        }
      }
    }
  })

  it('keeps the operator’s colours where they read, and says what it changed where they do not', () => {
    // The demo channel: white on its orange is 3.1:1.
    const theme = deriveTheme({
      'header-background': '#0b1424',
      'header-text-color': '#f5f7fb',
      'body-background': '#0f1a2e',
      'body-text-color': '#e8edf6',
      'primary-color': '#ff5a1f',
      'primary-text-color': '#ffffff',
    })
    expect(theme.colors['primary-color']).toBe('#ff5a1f')
    expect(theme.colors['body-text-color']).toBe('#e8edf6')
    expect(theme.colors['header-text-color']).toBe('#f5f7fb')
    expect(theme.colors['primary-text-color']).not.toBe('#ffffff')
    expect(
      contrastRatio(parseHex(theme.colors['primary-text-color'] as string) as Rgb, [255, 90, 31]),
    ).toBeGreaterThanOrEqual(4.5)
    const adjusted = theme.adjustments.find((a) => a.name === 'primary-text-color')
    expect(adjusted).toMatchObject({ chosen: '#ffffff', against: 'primary-color', minimum: 4.5 })
    expect(adjusted?.chosenRatio).toBeLessThan(4.5)
    expect(adjusted?.usedRatio).toBeGreaterThanOrEqual(4.5)
    expect(describeAdjustments(theme.adjustments).join('\n')).toContain('primary-text-color: #ffffff is adjusted to')
    // As link text the orange is too dark on the raised panels (#2d384a, 3.8:1): a lighter orange is used.
    const link = theme.adjustments.find((a) => a.name === 'primary-color as text')
    expect(link).toMatchObject({ chosen: '#ff5a1f', used: theme.derived['--accent-text-color'] })
    expect(contrastRatio(themeColor(theme, '--accent-text-color'), [0x2d, 0x38, 0x4a])).toBeGreaterThanOrEqual(4.5)
  })

  it('reports nothing for a palette that already reads everywhere', () => {
    const theme = deriveTheme({
      'header-background': '#ffffff',
      'header-text-color': '#111111',
      'body-background': '#ffffff',
      'body-text-color': '#1a1a1a',
      'footer-background': '#f0f0f0',
      'footer-text-color': '#222222',
      'primary-color': '#0842a0',
      'primary-text-color': '#ffffff',
      'live-color': '#8b0000',
    })
    expect(theme.adjustments).toEqual([])
  })

  it('ignores values that are not colours', () => {
    expect(deriveTheme({ 'body-background': 'url(x)' }).colors['body-background']).toBe('#10151e')
  })
})

describe('readableColor', () => {
  it('moves lightness only as far as needed', () => {
    const grey = readableColor([128, 128, 128], [[255, 255, 255]], 4.5)
    expect(contrastRatio(grey, [255, 255, 255])).toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio(grey, [255, 255, 255])).toBeLessThan(4.7)
  })

  it('falls back to black or white when no lightness of the hue reads on every background', () => {
    const color = readableColor(
      [255, 0, 0],
      [
        [0, 0, 0],
        [255, 255, 255],
      ],
      7,
    )
    expect([toHex(color)]).toEqual([expect.stringMatching(/^#(000000|ffffff)$/)])
  })
})
