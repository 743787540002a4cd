import type { ReactNode } from 'react'

/** One section of the profile: its heading (h2 for a tab, h3 within one) and lead, then what it shows. */
export function ProfileSection({
  titleId,
  title,
  lead,
  heading: Heading = 'h2',
  children,
}: {
  titleId: string
  title: string
  lead?: string
  heading?: 'h2' | 'h3'
  children: ReactNode
}) {
  return (
    <section className="profile-section" aria-labelledby={titleId}>
      <Heading id={titleId} className="profile-section__title">
        {title}
      </Heading>
      {lead ? <p className="profile-section__lead">{lead}</p> : null}
      {children}
    </section>
  )
}
