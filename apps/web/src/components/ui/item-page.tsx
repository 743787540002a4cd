import type { ComponentProps, ReactNode } from 'react'
import { ButtonLink } from './button'
import { ItemLoadFailure, LoadingStatus } from './load-states'
import { PageFrame } from './page-frame'

/**
 * The page of one item (a game, a video, a clip) when the item cannot be shown: why, under the page's
 * own title, with the way `back` to where such items are found.
 */
export function ItemFailurePage({
  title,
  back,
  ...failure
}: { title: string; back: { to: string; label: string } } & Omit<ComponentProps<typeof ItemLoadFailure>, 'action'>) {
  return (
    <PageFrame title={title}>
      <ItemLoadFailure
        {...failure}
        action={
          <ButtonLink to={back.to} variant="secondary">
            {back.label}
          </ButtonLink>
        }
      />
    </PageFrame>
  )
}

/** The same page while its item is on its way: the page's title and lead, what is known already, and the status. */
export function ItemLoadingPage({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <PageFrame title={title} lead={lead}>
      {children}
      <LoadingStatus />
    </PageFrame>
  )
}
