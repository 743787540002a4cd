import fs from 'node:fs'
import type { Geo } from '@fieldhouse/contract'
import maxmind, { type CountryResponse, Reader } from 'maxmind'

/** Allowed or blocked countries (ISO 3166-1 alpha-2), for a channel or an event. */
export interface GeoRules {
  allow?: string[]
  block?: string[]
}

/**
 * Blocked when an allow list exists and the country is not on it (an unknown country included: rights
 * holders license territories, not the absence of a lookup), or when the country is on the block list.
 */
export function isBlocked(rules: GeoRules | undefined, countryCode: string | null): boolean {
  if (!rules) return false
  const code = countryCode?.toUpperCase() ?? null
  if (rules.allow?.length && (!code || !rules.allow.map((c) => c.toUpperCase()).includes(code))) return true
  return !!code && !!rules.block?.map((c) => c.toUpperCase()).includes(code)
}

export interface Located {
  ip: string
  country: string | null
  country_code: string | null
}

/**
 * Where a viewer is: from a MaxMind database (GEOIP_DB), or from a CDN's country header when the
 * deployment says it sits behind that CDN (GEO_COUNTRY_HEADER). The address is Fastify's `req.ip`,
 * which follows X-Forwarded-For only through the configured trusted proxy hops.
 */
export class GeoService {
  private constructor(
    private readonly reader: Reader<CountryResponse> | null,
    private readonly countryHeader: string | null,
  ) {}

  /** Reads the GeoIP database at once (a few megabytes), so a bad path fails the start. */
  static open(options: { databasePath?: string | undefined; countryHeader?: string | undefined }) {
    let reader: Reader<CountryResponse> | null = null
    if (options.databasePath) {
      if (!fs.existsSync(options.databasePath)) throw new Error(`GEOIP_DB: no file at ${options.databasePath}`)
      reader = new Reader<CountryResponse>(fs.readFileSync(options.databasePath))
    }
    return new GeoService(reader, options.countryHeader?.toLowerCase() ?? null)
  }

  /**
   * The viewer's country code alone, as `locate` finds it: asked once a request (the session's geo
   * rules, a segment's check), so it reads the address (a trusted-proxy walk each time) only when a
   * database will look it up.
   */
  countryCode(req: { ip: string; headers: Record<string, string | string[] | undefined> }): string | null {
    if (!this.countryHeader && !this.reader) return null
    return this.locate(req).country_code
  }

  locate(req: { ip: string; headers: Record<string, string | string[] | undefined> }): Located {
    if (this.countryHeader) {
      const header = req.headers[this.countryHeader]
      const code = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase()
      if (code && /^[A-Z]{2}$/.test(code) && code !== 'XX') {
        return { ip: req.ip, country: countryName(code), country_code: code }
      }
    }
    const found = this.reader && maxmind.validate(req.ip) ? this.reader.get(req.ip) : null
    const code = found?.country?.iso_code ?? null
    return { ip: req.ip, country_code: code, country: found?.country?.names?.en ?? (code ? countryName(code) : null) }
  }

  answer(located: Located, rules: GeoRules | undefined): Geo {
    return { ...located, is_geo_blocked: isBlocked(rules, located.country_code) }
  }
}

const names = new Intl.DisplayNames(['en'], { type: 'region' })
const countryName = (code: string) => {
  try {
    return names.of(code) ?? code
  } catch {
    return code
  }
}
