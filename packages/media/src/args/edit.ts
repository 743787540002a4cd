/**
 * Editing what is already encoded: cuts by stream copy (nothing re-encoded). Downloads use it today;
 * clip cutting lands here.
 */
import { COMMON, FILE_INPUT, PROGRESS, seconds } from './common.js'

/**
 * An MP4 (faststart) from an HLS playlist by stream copy: ADTS AAC turned into MP4's form, nothing
 * re-encoded. `startSec`/`durationSec` cut a range (at keyframes, as stream copy must).
 */
export function remuxMp4Args(options: {
  inputPlaylist: string
  output: string
  startSec?: number
  durationSec?: number
}): string[] {
  return [
    ...COMMON,
    ...(options.startSec ? ['-ss', seconds(options.startSec)] : []),
    ...FILE_INPUT,
    '-i',
    options.inputPlaylist,
    ...(options.durationSec ? ['-t', seconds(options.durationSec)] : []),
    '-map',
    '0:v?',
    '-map',
    '0:a?',
    '-c',
    'copy',
    '-bsf:a',
    'aac_adtstoasc',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    ...PROGRESS,
    options.output,
  ]
}
