import { useTranslation } from 'react-i18next'
import { CmsContent } from '../../components/content/cms-content'
import { PageFrame } from '../../components/ui/page-frame'
import { RichText } from '../../components/ui/rich-text'
import { blockAliases, findBlock } from '../../lib/entities/channel/static-blocks'
import { useStaticBlocks } from '../../lib/entities/channel/use-bootstrap'
import { usePageAt } from '../../lib/entities/pages/use-pages'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'

const documents = {
  privacyPolicy: { url: '/privacy_policy', alias: blockAliases.privacyPolicy, titleKey: 'legal.privacyTitle' },
  termsConditions: { url: '/terms_conditions', alias: blockAliases.termsConditions, titleKey: 'legal.termsTitle' },
} as const

/** Privacy policy and terms: the CMS page at that url if there is one, else the static block of that alias. */
export function LegalPage({ document: kind }: { document: keyof typeof documents }) {
  const { t } = useTranslation()
  const { url, alias, titleKey } = documents[kind]
  const page = usePageAt(url)
  const block = findBlock(useStaticBlocks(), alias)
  const title = page?.name ?? block?.title ?? t(titleKey)
  useDocumentTitle(title)

  return (
    <PageFrame title={title}>
      {page ? (
        <CmsContent pageId={page.id} />
      ) : block ? (
        <RichText source={block.content} />
      ) : (
        <p className="empty-state">{t('legal.missing')}</p>
      )}
    </PageFrame>
  )
}

export const PrivacyPolicyPage = () => <LegalPage document="privacyPolicy" />
export const TermsConditionsPage = () => <LegalPage document="termsConditions" />
