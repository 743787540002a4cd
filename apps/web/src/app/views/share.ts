export { SharedClipPage } from '../../features/clips/shared-clip-page'
