import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../components/ui/button'
import { PageFrame } from '../../components/ui/page-frame'
import { paths } from '../../lib/navigation/paths'

/**
 * The account pages to an anonymous viewer. They stay remembered as the last page, so signing in from
 * here comes straight back (spec §2).
 */
export function SignInPrompt({ title }: { title: string }) {
  const { t } = useTranslation()
  return (
    <PageFrame title={title} lead={t('profile.signInRequired')}>
      <ButtonLink to={paths.login} size="lg">
        {t('header.signIn')}
      </ButtonLink>
    </PageFrame>
  )
}
