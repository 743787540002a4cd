import { keysRoutes } from './keys.routes.js'
import { KeysService } from './keys.service.js'

/** What the container and the app take of the keys module: `build` (the container's `keys`) and `routes`. */
export const keysModule = {
  build: (...parts: ConstructorParameters<typeof KeysService>) => new KeysService(...parts),
  routes: keysRoutes,
}
