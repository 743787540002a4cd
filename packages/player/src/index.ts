export { AIRPLAY_AVAILABILITY_EVENT, promptCast, watchCastAvailability } from './cast'
export { chooseEngine, detectPlaybackSupport, type EngineKind, type PlaybackSupport } from './engine-choice'
export {
  adoptPlayer,
  dropHeldPlayer,
  HOLD_MS,
  holdPlayer,
  holdsPlayer,
  offerPlayer,
  takeHeldPlayer,
  takePressOfDropped,
} from './held-player'
export { preloadPlaybackEngine, willUseHlsJs } from './hls-loader'
export { initialMediaState, type MediaState, watchMediaState } from './media-state'
export {
  type EngineCallbacks,
  type EngineHandle,
  type EngineOptions,
  type PlaybackEngine,
  startPlaybackEngine,
  type TextTrackInfo,
} from './playback-engine'
export { createTokenKeeper, playbackAssetKey, startTokenRenewal, type TokenKeeper } from './playback-token'
export {
  AUTO_RETRY_WINDOW_MS,
  createPlayer,
  createPlayerVideo,
  type Player,
  type PlayerBindings,
  type PlayerOptions,
  type PlayerPhase,
  type PlayerState,
} from './player'
export {
  createWatchedTime,
  HEARTBEAT_INTERVAL_MS,
  noopPlayerEvents,
  type PlayerContext,
  type PlayerEvent,
  type PlayerEvents,
  type PlayerSubjectMeta,
} from './player-events'
export { formatPlayerTime, type SeekWindow, timeAtPointer } from './player-time'
export { PREROLL_STALL_MS, type PrerollRun, type PrerollRunState, runPreroll } from './preroll-run'
export { type QualityOption, qualityLabel, qualityOptions } from './quality'
export type {
  ClipMarkers,
  ClipMarkSide,
  OverlaySource,
  OverlayValue,
  ProgrammeTime,
  TimelineMark,
} from './timeline'
export { parseThumbnailVtt, type ThumbnailCue, thumbnailAt } from './vtt-thumbnails'
