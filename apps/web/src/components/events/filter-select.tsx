import { type ReactNode, useId } from 'react'
import './events-filters.css'

/** One labelled select of a list's filters (the events lists, moments). */
export function FilterSelect({
  label,
  value,
  onChange,
  children,
  disabled,
  testId,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  children: ReactNode
  disabled?: boolean
  testId?: string
}) {
  const id = useId()
  return (
    <div className="filters__field">
      <label className="filters__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="filters__control"
        value={value}
        disabled={disabled}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </div>
  )
}
