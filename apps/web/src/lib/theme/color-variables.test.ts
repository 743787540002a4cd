import { colorOpacityVariants, contrastRatio, parseHex, type Rgb } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { applyColorVariables, colorVariables, hexToRgb } from './color-variables'

describe('hexToRgb', () => {
  it('reads six and three digit colours', () => {
    expect(hexToRgb('#0b1d3a')).toEqual([11, 29, 58])
    expect(hexToRgb('#fff')).toEqual([255, 255, 255])
    expect(hexToRgb('red')).toBeNull()
  })
})

const rgb = (value: string | undefined) => parseHex(value as string) as Rgb

describe('colorVariables', () => {
  it('makes one variable per colour, the operator’s own where it reads', () => {
    expect(colorVariables({ 'primary-color': '#ff0000', 'primary-text-color': '#000000' })).toMatchObject({
      '--primary-color': '#ff0000',
      '--primary-text-color': '#000000',
    })
  })

  it('adds the opacity variants of spec §9', () => {
    const variables = colorVariables({ 'body-background': '#000000', 'body-text-color': '#ffffff' })
    expect(variables['--body-text-color-50']).toBe('rgba(255, 255, 255, 0.5)')
    expect(variables['--body-text-color-5']).toBe('rgba(255, 255, 255, 0.05)')
  })

  it('covers every variant of every named colour', () => {
    const variables = colorVariables({})
    for (const [name, percents] of Object.entries(colorOpacityVariants)) {
      const [r, g, b] = rgb(variables[`--${name}`])
      for (const percent of percents) {
        expect(variables[`--${name}-${percent}`]).toBe(`rgba(${r}, ${g}, ${b}, ${percent / 100})`)
      }
    }
  })

  it('shows a readable text colour where the chosen one is not, and derives the text colours', () => {
    // The demo's white on orange (3.1:1) and a grey on a light page.
    const variables = colorVariables({
      'primary-color': '#ff5a1f',
      'primary-text-color': '#ffffff',
      'body-background': '#ffffff',
      'body-text-color': '#aaaaaa',
    })
    expect(variables['--primary-color']).toBe('#ff5a1f')
    expect(contrastRatio(rgb(variables['--primary-text-color']), rgb('#ff5a1f'))).toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio(rgb(variables['--body-text-color']), rgb('#ffffff'))).toBeGreaterThanOrEqual(4.5)
    for (const name of ['--accent-text-color', '--muted-text-color', '--live-on-body-color']) {
      expect(contrastRatio(rgb(variables[name]), rgb('#ffffff')), name).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('skips unsafe names and values that are not colours', () => {
    const variables = colorVariables({ 'x;color:red': '#fff', 'live-color': 'url(evil)' })
    expect(Object.keys(variables).some((name) => name.includes(';'))).toBe(false)
    expect(variables['--live-color']).toBe('#e5383b')
  })
})

describe('applyColorVariables', () => {
  /** A document root as far as the function uses one. */
  const fakeRoot = () => {
    const properties = new Map<string, string>()
    const root = {
      dataset: {} as DOMStringMap,
      style: { setProperty: (name: string, value: string) => properties.set(name, value) },
    }
    return { root: root as unknown as HTMLElement, properties }
  }

  it('paints the colours as variables on the root', () => {
    const { root, properties } = fakeRoot()
    applyColorVariables({ 'primary-color': '#ff0000' }, root)
    expect(properties.get('--primary-color')).toBe('#ff0000')
    expect(root.dataset.colourPreview).toBeUndefined()
  })

  it('keeps a preview’s picked colours when the site in it paints its saved ones later', () => {
    const { root, properties } = fakeRoot()
    applyColorVariables({ 'primary-color': '#c2185b' }, root, { preview: true })
    // The site's start, or its settings fetched again, after the operator began picking.
    applyColorVariables({ 'primary-color': '#ff0000' }, root)
    expect(properties.get('--primary-color')).toBe('#c2185b')
    // The next colour picked still paints.
    applyColorVariables({ 'primary-color': '#00796b' }, root, { preview: true })
    expect(properties.get('--primary-color')).toBe('#00796b')
  })
})
