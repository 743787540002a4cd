import type { VodService } from '../catalog/vod.service.js'
import type { ChannelService } from '../channel/channel.service.js'
import type { ClipSharingService } from '../clips/clip-sharing.service.js'
import type { MediaService } from '../media/media.service.js'
import { PageHeadService } from './page-head.service.js'

/**
 * What the container takes of the page-head module: `build`, over the services that own each part,
 * each asked for only when a page needs it (the home page never builds the clips module).
 */
export const pageHeadModule = {
  build: (p: {
    channels: () => Pick<ChannelService, 'homeImage'>
    media: () => Pick<MediaService, 'publicPoster'>
    vod: () => Pick<VodService, 'item'>
    sharing: () => Pick<ClipSharingService, 'shareHead'>
    contentVersion: (channelId: number) => Promise<number | undefined>
  }) =>
    new PageHeadService(
      {
        homeImage: (channel) => p.channels().homeImage(channel),
        publicPoster: (channelId, owner) => p.media().publicPoster(channelId, owner),
        // A video the channel does not have has no poster to preload (the page says it is not found).
        vodAssets: (channel, id) =>
          p
            .vod()
            .item(channel, id)
            .then(
              (item) => item.assets,
              () => null,
            ),
        shareHead: (channel, origin, id, uuid) => p.sharing().shareHead(channel, origin, id, uuid),
        contentVersion: p.contentVersion,
      },
      { cacheFreshMs: 2000 },
    ),
}
