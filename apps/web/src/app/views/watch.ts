export { WatchEmbedPage } from '../../features/watch/watch-embed-page'
export { WatchLibraryPage } from '../../features/watch/watch-library-page'
export { WatchPage } from '../composed/watch-page'
