import type { ParticipantGroup, ParticipantGroupProperty } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { FilterSelect } from '../../components/events/filter-select'
import { facetOptions, type SchoolFacets } from './school-facets'

/**
 * One select per property the channel's schools have (`GET /api/participant-group-properties`):
 * "School conference", "School state"… Each offers the values that still lead to a school.
 */
export function SchoolFacetFields({
  properties,
  groups,
  facets,
  onChange,
}: {
  properties: readonly ParticipantGroupProperty[]
  groups: readonly ParticipantGroup[]
  facets: SchoolFacets
  onChange: (property: string, value: string) => void
}) {
  const { t } = useTranslation()
  return properties.map((property) => (
    <FilterSelect
      key={property.name}
      label={t('filters.schoolProperty', { name: property.name })}
      value={facets[property.name] ?? ''}
      onChange={(value) => onChange(property.name, value)}
      testId={`filter-school-${property.name}`}
    >
      <option value="">{t('filters.anySchoolProperty')}</option>
      {facetOptions(property, groups, facets).map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </FilterSelect>
  ))
}
