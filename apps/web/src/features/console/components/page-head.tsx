import type { ReactNode } from 'react'

/**
 * A console page's heading and lead. With `action` (a button, or null when the role may not use it)
 * the heading stands in a row with it.
 */
export function PageHead({ title, lead, action }: { title: ReactNode; lead: ReactNode; action?: ReactNode }) {
  return (
    <>
      {action === undefined ? (
        <h1>{title}</h1>
      ) : (
        <div className="console-page-head">
          <h1>{title}</h1>
          {action}
        </div>
      )}
      <p className="console-lead">{lead}</p>
    </>
  )
}
