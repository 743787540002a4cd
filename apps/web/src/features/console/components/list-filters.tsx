import { type ReactNode, useState } from 'react'
import { DateField, SelectField } from '../sales/sales-fields'

type Choice = { value: string; label: string }

/** One filter of a list: a select whose first choice is "any" (the empty value), or a day. */
export type ListFilter =
  | { key: string; label: string; any: string; options: readonly Choice[] }
  | { key: string; label: string; day: true }

/**
 * A list's filters: their values, as the query's further fields (all empty at first), and their
 * controls, shown beside the search box (`ResourceList`'s `filters` and `toolbar`).
 */
export function useListFilters(specs: readonly ListFilter[]): { filters: Record<string, string>; toolbar: ReactNode } {
  const [filters, setFilters] = useState<Record<string, string>>(() =>
    Object.fromEntries(specs.map((spec) => [spec.key, ''])),
  )
  const setter = (key: string) => (value: string) => setFilters((current) => ({ ...current, [key]: value }))
  return {
    filters,
    toolbar: (
      <div className="console-list__filters">
        {specs.map((spec) =>
          'day' in spec ? (
            <DateField key={spec.key} label={spec.label} value={filters[spec.key] ?? ''} onChange={setter(spec.key)} />
          ) : (
            <SelectField
              key={spec.key}
              label={spec.label}
              value={filters[spec.key] ?? ''}
              onChange={setter(spec.key)}
              options={[{ value: '', label: spec.any }, ...spec.options]}
            />
          ),
        )}
      </div>
    ),
  }
}
