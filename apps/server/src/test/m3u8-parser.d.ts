/** The parts of m3u8-parser (no types of its own) the tests use. */
declare module 'm3u8-parser' {
  export interface Segment {
    uri: string
    duration: number
    discontinuity?: boolean
    dateTimeString?: string
    programDateTime?: number
  }
  export interface PlaylistVariant {
    uri: string
    attributes: {
      BANDWIDTH?: number
      'AVERAGE-BANDWIDTH'?: number | string
      RESOLUTION?: { width: number; height: number }
      CODECS?: string
      'FRAME-RATE'?: number
    }
  }
  export interface Manifest {
    allowCache?: boolean
    endList?: boolean
    playlistType?: string
    targetDuration?: number
    mediaSequence?: number
    independentSegments?: boolean
    segments: Segment[]
    playlists?: PlaylistVariant[]
  }
  export class Parser {
    manifest: Manifest
    push(chunk: string): void
    end(): void
  }
}
