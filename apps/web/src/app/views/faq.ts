export { FaqPage } from '../../features/faq/faq-page'
