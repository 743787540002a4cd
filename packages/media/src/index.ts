/**
 * @fieldhouse/media: ffprobe, the rendition ladder, ffmpeg argument builders, the process runner and the VOD
 * pipeline. No HTTP, no database (design §3, §5, §8).
 */
export * from './args.js'
export * from './binaries.js'
export * from './clip.js'
export * from './crowd-noise.js'
export * from './fonts.js'
export * from './hls.js'
export * from './inputs.js'
export * from './join.js'
export * from './ladder.js'
export { setMp4VideoDuration } from './mp4-edit.js'
export * from './probe.js'
export {
  BATCH_NICENESS,
  batchPaused,
  createProgressParser,
  encodeSlots,
  FfmpegError,
  type FfmpegFailure,
  type FfmpegLane,
  type FfmpegProcess,
  type FfmpegProgress,
  type FfmpegResult,
  holdBatchForUrgent,
  MAX_BATCH_PAUSE_MS,
  type RunFfmpegOptions,
  runFfmpeg,
  Semaphore,
  setEncodeConcurrency,
  spawnFfmpeg,
  URGENT_NICENESS,
  urgentSlots,
  wallClockLimitMs,
} from './runner.js'
export * from './sandbox.js'
export * from './upload-check.js'
export {
  MASTER_PLAYLIST,
  measureBandwidth,
  POSTER_FILE,
  PREVIEW_FILE,
  type RenditionReady,
  SPRITE_FILE,
  THUMBNAILS_DIR,
  THUMBNAILS_VTT,
  type TranscodeOptions,
  type TranscodeResult,
  transcodeToHls,
} from './vod-pipeline.js'
