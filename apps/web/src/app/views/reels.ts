export { MomentsPage } from '../../features/moments/moments-page'
export { VodLibraryPage } from '../../features/vod/vod-library-page'
