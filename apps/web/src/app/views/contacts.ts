export { AboutPage } from '../../features/contacts/about-page'
export { ContactsPage } from '../../features/contacts/contacts-page'
export { CmsPage } from '../../features/pages/cms-page'
export { PrivacyPolicyPage, TermsConditionsPage } from '../../features/pages/legal-page'
