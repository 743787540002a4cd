import { colorOpacityVariants } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { colorVariables, hexToRgb } from './color-variables'

describe('hexToRgb', () => {
  it('reads six and three digit colours', () => {
    expect(hexToRgb('#0b1d3a')).toEqual([11, 29, 58])
    expect(hexToRgb('#fff')).toEqual([255, 255, 255])
    expect(hexToRgb('red')).toBeNull()
  })
})

describe('colorVariables', () => {
  it('makes one variable per colour', () => {
    expect(colorVariables({ 'primary-color': '#ff0000' })).toEqual({ '--primary-color': '#ff0000' })
  })

  it('adds the opacity variants of spec §9', () => {
    const variables = colorVariables({ 'body-text-color': '#ffffff' })
    expect(variables['--body-text-color-50']).toBe('rgba(255, 255, 255, 0.5)')
    expect(variables['--body-text-color-5']).toBe('rgba(255, 255, 255, 0.05)')
    expect(Object.keys(variables)).toHaveLength(1 + colorOpacityVariants['body-text-color'].length)
  })

  it('covers every variant of every named colour', () => {
    const colors = Object.fromEntries(Object.keys(colorOpacityVariants).map((name) => [name, '#102030']))
    const variables = colorVariables(colors)
    for (const [name, percents] of Object.entries(colorOpacityVariants)) {
      for (const percent of percents) {
        expect(variables[`--${name}-${percent}`]).toBe(`rgba(16, 32, 48, ${percent / 100})`)
      }
    }
    expect(variables['--header-text-color-50']).toBe('rgba(16, 32, 48, 0.5)')
  })

  it('skips unsafe names and values that are not colours', () => {
    expect(colorVariables({ 'x;color:red': '#fff', 'live-color': 'url(evil)' })).toEqual({})
  })
})
