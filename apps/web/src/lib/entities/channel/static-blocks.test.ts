import { describe, expect, it } from 'vitest'
import { findBlock, placeStaticBlocks } from './static-blocks'

const block = (id: number, alias: string) => ({ id, alias, title: alias, content: '' })

describe('placeStaticBlocks', () => {
  it('keeps legal blocks out and gives every other block its place', () => {
    const blocks = [
      block(1, 'privacy_policy'),
      block(2, 'footer_about'),
      block(3, 'welcome'),
      block(4, 'terms_conditions'),
      block(5, 'home_intro'),
    ]
    expect(placeStaticBlocks(blocks)).toEqual({
      intro: block(5, 'home_intro'),
      footer: [block(2, 'footer_about')],
      home: [block(3, 'welcome')],
    })
  })

  it('has no intro when the channel has none', () => {
    expect(placeStaticBlocks([block(3, 'welcome')]).intro).toBeUndefined()
  })

  it('finds a block by alias', () => {
    expect(findBlock([block(1, 'privacy_policy')], 'privacy_policy')?.id).toBe(1)
    expect(findBlock([], 'privacy_policy')).toBeUndefined()
  })
})
