import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakeVideo, settle } from './player.test-support'
import { PREROLL_STALL_MS, type PrerollRunState, runPreroll } from './preroll-run'

afterEach(() => vi.useRealTimers())

function start(video = new FakeVideo()) {
  const ends: boolean[] = []
  const states: PrerollRunState[] = []
  const run = runPreroll(
    video.asVideo(),
    (completed) => ends.push(completed),
    (state) => states.push(state),
  )
  return { video, ends, states, run }
}

describe('runPreroll', () => {
  it('plays the pre-roll, counts down its time left and ends seen through', async () => {
    const { video, ends, states } = start()
    await settle()
    expect(video.plays).toBe(1)
    video.duration = 15
    video.currentTime = 4
    video.fire('timeupdate')
    expect(states.at(-1)).toEqual({ left: 11, muted: false, needsPress: false })
    video.fire('ended')
    video.fire('ended')
    expect(ends).toEqual([true])
  })

  it('starts muted where sound needs a press, and unmutes on request', async () => {
    const video = new FakeVideo()
    let refusals = 1
    const play = video.play.bind(video)
    video.play = () => (refusals-- > 0 ? Promise.reject(new DOMException('no sound', 'NotAllowedError')) : play())
    const { states, run } = start(video)
    await settle()
    expect(video.muted).toBe(true)
    expect(states.at(-1)).toMatchObject({ muted: true, needsPress: false })
    run.toggleMute()
    expect(video.muted).toBe(false)
    expect(states.at(-1)).toMatchObject({ muted: false })
  })

  it('waits for a press when it cannot start even muted', async () => {
    const video = new FakeVideo()
    video.playRefusal = new DOMException('press first', 'NotAllowedError')
    const { states, run, ends } = start(video)
    await settle()
    expect(states.at(-1)).toMatchObject({ muted: true, needsPress: true })
    video.playRefusal = null
    run.play()
    await settle()
    expect(states.at(-1)).toMatchObject({ needsPress: false })
    expect(video.paused).toBe(false)
    expect(ends).toEqual([])
  })

  it('gives way to the content, not seen through, when it fails or stalls', async () => {
    vi.useFakeTimers()
    const failed = start()
    failed.video.fire('error')
    expect(failed.ends).toEqual([false])

    const stalled = start()
    await vi.advanceTimersByTimeAsync(PREROLL_STALL_MS - 1)
    expect(stalled.ends).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(stalled.ends).toEqual([false])
  })

  it('does not end on a stall while the viewer has paused it, and stops listening when stopped', async () => {
    vi.useFakeTimers()
    const { video, ends, run } = start()
    await vi.advanceTimersByTimeAsync(0)
    video.pause()
    await vi.advanceTimersByTimeAsync(PREROLL_STALL_MS * 2)
    expect(ends).toEqual([])
    run.stop()
    video.fire('ended')
    expect(ends).toEqual([])
  })
})
