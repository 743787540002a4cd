import { useTranslation } from 'react-i18next'
import { NavLink, Outlet } from 'react-router'
import { ButtonLink } from '../../components/ui/button'
import { PageFrame } from '../../components/ui/page-frame'
import { useProfile } from '../../lib/entities/account/use-profile'
import { paths } from '../../lib/navigation/paths'
import { useAppStore } from '../../lib/store/app-store'
import { SignInPrompt } from './sign-in-prompt'
import './profile-layout.css'

/** `/profile`: the account sections as tabs above the chosen one. */
export function ProfileLayout() {
  const { t } = useTranslation()
  const user = useAppStore((state) => state.user)
  useProfile()
  const sections = [
    { to: paths.profile, label: t('profile.orders'), end: true },
    { to: paths.profileTransactions, label: t('profile.transactions'), end: false },
    { to: paths.profileClips, label: t('profile.clips'), end: false },
    { to: paths.profileCalendar, label: t('profile.calendar'), end: false },
    { to: paths.profileAlerts, label: t('profile.alerts'), end: false },
  ]
  if (!user) return <SignInPrompt title={t('profile.title')} />
  return (
    <PageFrame
      title={t('profile.title')}
      lead={[user.first_name, user.last_name].filter(Boolean).join(' ') || user.email}
      actions={
        <ButtonLink to={paths.profileEdit} variant="secondary">
          {t('profile.edit')}
        </ButtonLink>
      }
      wide
    >
      <nav className="profile-tabs" aria-label={t('profile.sections')}>
        {sections.map((section) => (
          <NavLink key={section.to} to={section.to} end={section.end} className="profile-tabs__tab">
            {section.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </PageFrame>
  )
}
