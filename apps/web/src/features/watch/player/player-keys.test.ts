import { describe, expect, it } from 'vitest'
import { playerKeyAction } from './player-keys'

describe('player keyboard', () => {
  it('maps the keys the player documents', () => {
    expect(playerKeyAction({ key: ' ' }, 'other')).toBe('togglePlay')
    expect(playerKeyAction({ key: 'k' }, 'other')).toBe('togglePlay')
    expect(playerKeyAction({ key: 'ArrowLeft' }, 'other')).toBe('seekBack')
    expect(playerKeyAction({ key: 'ArrowRight' }, 'seek')).toBe('seekForward')
    expect(playerKeyAction({ key: 'ArrowUp' }, 'other')).toBe('volumeUp')
    expect(playerKeyAction({ key: 'ArrowDown' }, 'button')).toBe('volumeDown')
    expect(playerKeyAction({ key: 'F' }, 'other')).toBe('toggleFullscreen')
    expect(playerKeyAction({ key: 'm' }, 'other')).toBe('toggleMute')
    expect(playerKeyAction({ key: 'x' }, 'other')).toBeNull()
  })

  it('leaves a control the keys it understands', () => {
    expect(playerKeyAction({ key: ' ' }, 'button')).toBeNull()
    expect(playerKeyAction({ key: 'k' }, 'button')).toBe('togglePlay')
    expect(playerKeyAction({ key: 'ArrowLeft' }, 'volume')).toBeNull()
    expect(playerKeyAction({ key: 'ArrowUp' }, 'volume')).toBeNull()
    expect(playerKeyAction({ key: 'm' }, 'volume')).toBe('toggleMute')
    expect(playerKeyAction({ key: 'ArrowRight' }, 'mark')).toBeNull()
    expect(playerKeyAction({ key: 'ArrowDown' }, 'mark')).toBeNull()
    expect(playerKeyAction({ key: 'ArrowDown' }, 'menu')).toBeNull()
    expect(playerKeyAction({ key: 'f' }, 'text')).toBeNull()
  })

  it('leaves browser shortcuts alone', () => {
    expect(playerKeyAction({ key: 'f', ctrlKey: true }, 'other')).toBeNull()
    expect(playerKeyAction({ key: 'ArrowLeft', altKey: true }, 'other')).toBeNull()
    expect(playerKeyAction({ key: 'k', metaKey: true }, 'other')).toBeNull()
  })
})
