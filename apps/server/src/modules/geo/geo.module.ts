import { geoRoutes } from './geo.routes.js'
import { GeoService } from './geo.service.js'

/** What the container and the app take of the geo module: `build` (opens the GeoIP database once) and `routes`. */
export const geoModule = {
  build: (settings: Parameters<typeof GeoService.open>[0]) => GeoService.open(settings),
  routes: geoRoutes,
}
