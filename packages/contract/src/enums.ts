import { named } from './named.js'

/** `as const` enums from spec §3 and §4. */
type ValueOf<T> = T[keyof T]

export const StreamStatus = named('upcoming', 'live', 'vod')
export type StreamStatus = ValueOf<typeof StreamStatus>

export const SlidableType = named('main', 'category', 'participant', 'group')
export type SlidableType = ValueOf<typeof SlidableType>

export const MenuPlacement = named('header', 'footer', 'both')
export type MenuPlacement = ValueOf<typeof MenuPlacement>

export const ToastType = named('success', 'error', 'info')
export type ToastType = ValueOf<typeof ToastType>

export const FavoritableType = named('participant', 'group', 'category')
export type FavoritableType = ValueOf<typeof FavoritableType>

export const AccessMode = named('free', 'paid', 'register', 'ppv')
export type AccessMode = ValueOf<typeof AccessMode>

export const ContentType = named('event', 'vod')
export type ContentType = ValueOf<typeof ContentType>

export const MediaTypeId = {
  image: 1,
  live: 2,
  vod: 3,
  embedded: 4,
  thumbnails: 5,
  preview: 6,
  preview_alt: 7,
  embedded_preview: 8,
} as const
export type MediaTypeId = ValueOf<typeof MediaTypeId>

export const PaymentState = named('created', 'failed', 'paid', 'refunded')
export type PaymentState = ValueOf<typeof PaymentState>

export const PassState = named('expired', 'inactive', 'active', 'canceled')
export type PassState = ValueOf<typeof PassState>

export const PassKind = named('subscription', 'package', 'event', 'addon')
export type PassKind = ValueOf<typeof PassKind>

export const ClipState = named('queued', 'processing', 'failed', 'ready')
export type ClipState = ValueOf<typeof ClipState>

export const Capability = named('watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media')
export type Capability = ValueOf<typeof Capability>

export const Language = named('en', 'fr', 'bg')
export type Language = ValueOf<typeof Language>

/** The client interface a colour setting or slide is for. */
export const ClientInterface = named('web')
export type ClientInterface = ValueOf<typeof ClientInterface>

/** Spec §2: the lazily loaded views, by the names the spec gives them. */
export const ViewName = named(
  'simulate',
  'reels',
  'share',
  'auth',
  'watch',
  'profile',
  'buy',
  'home',
  'schedule',
  'faq',
  'contacts',
)
export type ViewName = ValueOf<typeof ViewName>
