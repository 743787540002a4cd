import type { ReactNode } from 'react'

/**
 * A part of a page named by its own title: the section (or aside) is labelled by the heading's id, so
 * screen readers announce it by that name.
 */
export function TitledSection({
  as: Tag = 'section',
  titleId,
  title,
  heading: Heading = 'h2',
  className,
  titleClassName,
  testId,
  children,
}: {
  as?: 'section' | 'aside'
  titleId: string
  title: ReactNode
  /** A label that is not a heading of the page's outline is a `p`. */
  heading?: 'h2' | 'h3' | 'p'
  className: string
  titleClassName: string
  testId?: string
  children: ReactNode
}) {
  return (
    <Tag className={className} aria-labelledby={titleId} data-testid={testId}>
      <Heading id={titleId} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </Tag>
  )
}
