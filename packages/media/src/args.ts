/**
 * Pure ffmpeg argument builders, one file per concern under `args/`: VOD renditions, live HLS, images
 * (poster, seek thumbnails, preview), editing (cuts by stream copy), joining (the highlight reel) and the
 * generated test feed.
 * Playlist text is `hls.ts`'s.
 */
export { seconds } from './args/common.js'
export * from './args/crowd.js'
export * from './args/edit.js'
export * from './args/feed.js'
export * from './args/filters.js'
export * from './args/images.js'
export * from './args/join.js'
export * from './args/live.js'
export * from './args/vod.js'
