import type { ReactNode } from 'react'
import { TitledSection } from '../../components/ui/titled-section'

/** One section of the profile: its heading (h2 for a tab, h3 within one) and lead, then what it shows. */
export function ProfileSection({
  titleId,
  title,
  lead,
  heading = 'h2',
  testId,
  children,
}: {
  titleId: string
  title: string
  lead?: string
  heading?: 'h2' | 'h3'
  testId?: string
  children: ReactNode
}) {
  return (
    <TitledSection
      className="profile-section"
      titleId={titleId}
      title={title}
      heading={heading}
      titleClassName="profile-section__title"
      testId={testId}
    >
      {lead ? <p className="profile-section__lead">{lead}</p> : null}
      {children}
    </TitledSection>
  )
}
