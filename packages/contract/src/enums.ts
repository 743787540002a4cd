/** `as const` enums from spec §3 and §4. */
type ValueOf<T> = T[keyof T]

export const StreamStatus = { upcoming: 'upcoming', live: 'live', vod: 'vod' } as const
export type StreamStatus = ValueOf<typeof StreamStatus>

export const SlidableType = { main: 'main', category: 'category', participant: 'participant', group: 'group' } as const
export type SlidableType = ValueOf<typeof SlidableType>

export const MenuPlacement = { header: 'header', footer: 'footer', both: 'both' } as const
export type MenuPlacement = ValueOf<typeof MenuPlacement>

export const ToastType = { success: 'success', error: 'error', info: 'info' } as const
export type ToastType = ValueOf<typeof ToastType>

export const FavoritableType = { participant: 'participant', group: 'group', category: 'category' } as const
export type FavoritableType = ValueOf<typeof FavoritableType>

export const AccessMode = { free: 'free', paid: 'paid', register: 'register', ppv: 'ppv' } as const
export type AccessMode = ValueOf<typeof AccessMode>

export const ContentType = { event: 'event', vod: 'vod' } as const
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

export const PaymentState = { created: 'created', failed: 'failed', paid: 'paid', refunded: 'refunded' } as const
export type PaymentState = ValueOf<typeof PaymentState>

export const PassState = { expired: 'expired', inactive: 'inactive', active: 'active', canceled: 'canceled' } as const
export type PassState = ValueOf<typeof PassState>

export const PassKind = { subscription: 'subscription', package: 'package', event: 'event', addon: 'addon' } as const
export type PassKind = ValueOf<typeof PassKind>

export const ClipState = { queued: 'queued', processing: 'processing', failed: 'failed', ready: 'ready' } as const
export type ClipState = ValueOf<typeof ClipState>

export const Capability = {
  watch: 'watch',
  download: 'download',
  clipping: 'clipping',
  download_clip: 'download_clip',
  no_ads: 'no_ads',
  vod_media: 'vod_media',
} as const
export type Capability = ValueOf<typeof Capability>

export const Language = { en: 'en', fr: 'fr', bg: 'bg' } as const
export type Language = ValueOf<typeof Language>

/** The client interface a colour setting or slide is for. */
export const ClientInterface = { web: 'web' } as const
export type ClientInterface = ValueOf<typeof ClientInterface>

/** Spec §2: the lazily loaded views, by the names the spec gives them. */
export const ViewName = {
  simulate: 'simulate',
  reels: 'reels',
  share: 'share',
  auth: 'auth',
  watch: 'watch',
  profile: 'profile',
  buy: 'buy',
  home: 'home',
  schedule: 'schedule',
  faq: 'faq',
  contacts: 'contacts',
} as const
export type ViewName = ValueOf<typeof ViewName>
