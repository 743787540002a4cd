import type { ReactNode } from 'react'
import './page-frame.css'

/** The frame every view shares: one h1, an optional lead sentence, then the view's own content. */
export function PageFrame({
  title,
  lead,
  actions,
  children,
  wide = false,
}: {
  title: ReactNode
  lead?: ReactNode
  actions?: ReactNode
  children?: ReactNode
  wide?: boolean
}) {
  return (
    <div className={`page-frame container${wide ? '' : ' container--narrow'}`}>
      <header className="page-frame__header">
        <div>
          <h1 className="page-frame__title">{title}</h1>
          {lead ? <p className="page-frame__lead">{lead}</p> : null}
        </div>
        {actions ? <div className="page-frame__actions">{actions}</div> : null}
      </header>
      {children}
    </div>
  )
}
