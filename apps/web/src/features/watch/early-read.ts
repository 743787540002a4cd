import type { ColorSettings, EventCategory, Playback, Preroll } from '@fieldhouse/contract'

/*
 * The few fields the watch page's stage reads from the start's answers, read without the contract's
 * schemas: zod and the schemas are most of the stage's script and would hold its play button back
 * (decision 0054). Each reader answers null when a field is not what the contract says; the stage then
 * leaves the page to the app, which parses every answer with the schemas as it always did.
 */

type Fields = Record<string, unknown>

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isInt = (value: unknown): value is number => Number.isInteger(value)
const intOrNull = (value: unknown): value is number | null => value === null || isInt(value)
/** The contract's `hexColor`. */
const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}){1,2}$/

const textOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string'

/** `playback` of a detail (`PlaybackSchema`), or null. */
export function readPlayback(value: unknown): Playback | null {
  if (!isObject(value)) return null
  const { hls, live, thumbnails, expires_at, renew_in_ms } = value
  if (typeof hls !== 'string' || typeof live !== 'boolean' || !textOrNull(thumbnails)) return null
  if (typeof expires_at !== 'string' || !isInt(renew_in_ms)) return null
  return { hls, live, thumbnails, expires_at, renew_in_ms }
}

/** What the stage needs of an event's or a library video's detail. */
export interface StageSubject {
  playback: Playback
  /** The server refused the picture (geo, too many devices): the app's screens say so. */
  denied: boolean
  poster: string | null
  locationId: number | null
  categoryId: number | null
  /** The detail as it came, for the title (`eventTitle` reads the name and the matchup). */
  raw: Fields
}

/** A detail with something to play, or null (nothing to play, or not in the contract's shape). */
export function readStageSubject(data: unknown): StageSubject | null {
  if (!isObject(data)) return null
  const playback = readPlayback(data.playback)
  const { poster, location_id = null, event_category_id = null, denial = null, is_geo_blocked = false } = data
  if (!playback || !textOrNull(poster) || !intOrNull(location_id) || !intOrNull(event_category_id)) return null
  return {
    playback,
    denied: denial === 'geo_blocked' || denial === 'too_many_streams' || is_geo_blocked === true,
    poster,
    locationId: location_id,
    categoryId: event_category_id,
    raw: data,
  }
}

function readPreroll(value: unknown): Preroll | null {
  if (!isObject(value)) return null
  const { id, url, weight, location_id, event_categories, for_vod, for_live } = value
  if (!isInt(id) || typeof url !== 'string' || !isInt(weight) || !intOrNull(location_id)) return null
  if (!Array.isArray(event_categories) || !event_categories.every(isInt)) return null
  if (typeof for_vod !== 'boolean' || typeof for_live !== 'boolean') return null
  return { id, url, weight, location_id, event_categories, for_vod, for_live }
}

function readCategory(value: unknown): EventCategory | null {
  if (!isObject(value) || !isInt(value.id) || !intOrNull(value.parent_id) || !Array.isArray(value.children)) return null
  const children = value.children.map(readCategory)
  if (children.some((child) => child === null)) return null
  return {
    id: value.id,
    name: typeof value.name === 'string' ? value.name : '',
    alias: typeof value.alias === 'string' ? value.alias : '',
    parent_id: value.parent_id,
    children: children as EventCategory[],
  }
}

/** What the stage needs of the bootstrap: the pre-rolls, the category tree and the colours. */
export interface StageSettings {
  prerolls: Preroll[]
  categories: EventCategory[]
  colors: ColorSettings
}

/** The bootstrap's settings for the stage, or null when a part it needs is missing or malformed. */
export function readStageSettings(data: unknown): StageSettings | null {
  if (!isObject(data) || !isObject(data.settings) || !Array.isArray(data.settings.prerolls)) return null
  const prerolls = data.settings.prerolls.map(readPreroll)
  const rawCategories = data['events-categories'] ?? []
  const categories = Array.isArray(rawCategories) ? rawCategories.map(readCategory) : [null]
  const rawColors = data['color-settings']
  if (prerolls.some((p) => p === null) || categories.some((c) => c === null) || !isObject(rawColors)) return null
  const colors: ColorSettings = {}
  for (const [name, hex] of Object.entries(rawColors)) {
    if (typeof hex !== 'string' || !HEX_COLOR.test(hex)) return null
    colors[name] = hex
  }
  return { prerolls: prerolls as Preroll[], categories: categories as EventCategory[], colors }
}

/** `capabilities.no_ads` of `GET /api/user/access`, or null when the answer is not readable. */
export function readNoAds(data: unknown): boolean | null {
  if (!isObject(data) || !isObject(data.capabilities)) return null
  const noAds = data.capabilities.no_ads
  return typeof noAds === 'boolean' ? noAds : null
}
