import type { ReactNode } from 'react'

/** A term of a list of facts (`<dl>`) and what it is; `testId` names the value for the browser journeys. */
export function Fact({ term, testId, children }: { term: string; testId?: string | undefined; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  )
}
