import type { ReactNode } from 'react'

/** A field's box: its label for the control `id` names, then the control and what is said below it. */
export function LabelledField({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  )
}
