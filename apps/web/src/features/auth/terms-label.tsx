import { Trans } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../lib/navigation/paths'

/** "I accept the terms & conditions and the privacy policy", each a link (opening in a new tab keeps the form). */
export function TermsLabel() {
  return (
    <Trans
      i18nKey="auth.acceptTerms"
      components={{
        terms: <Link to={paths.termsConditions} target="_blank" rel="noopener" />,
        privacy: <Link to={paths.privacyPolicy} target="_blank" rel="noopener" />,
      }}
    />
  )
}
