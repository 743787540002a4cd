import { liveMasterPlaylist, planLadder, type Rendition } from '@fieldhouse/media'

/**
 * The live master playlist: the source as it arrives (its size and codecs are the encoder's, so only
 * its bandwidth is stated, as RFC 8216 allows) and the lower rendition when there is one.
 */
export function liveMaster(lower: Rendition | undefined) {
  return liveMasterPlaylist([
    { name: 'source', bandwidth: 4_000_000, uri: 'source/index.m3u8' },
    ...(lower ? [{ ...lower, uri: `${lower.name}/index.m3u8` }] : []),
  ])
}

/** The lower rendition a live stream gets beside its source, when the machine can afford one. */
export const LOWER = planLadder({
  durationSec: 0,
  formatName: 'flv',
  video: { width: 640, height: 360, fps: 25, codec: 'h264' },
  audio: { codec: 'aac', channels: 2, sampleRate: 48000 },
})[0]
