export { HomePage } from '../../features/home/home-page'
