import { channelRoutes } from './channel.routes.js'
import { ChannelService } from './channel.service.js'

/**
 * What the container and the app take of the channel module: `build` (the container's `channels`: settings,
 * colours, menu, pages, slides and the bootstrap document over its repository) and `routes`.
 */
export const channelModule = {
  build: (...parts: ConstructorParameters<typeof ChannelService>) => new ChannelService(...parts),
  routes: channelRoutes,
}
