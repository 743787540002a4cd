import type { Participant } from '@fieldhouse/contract'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FilterSelect } from '../../components/events/filter-select'
import { Button } from '../../components/ui/button'
import { distinctSorted, findByAliasOrName, flattenCategories } from '../../lib/entities/catalogue/catalogue-lookups'
import { useEventCategories } from '../../lib/entities/catalogue/use-event-categories'
import { useEventLocations } from '../../lib/entities/catalogue/use-event-locations'
import { useParticipantGroupProperties } from '../../lib/entities/catalogue/use-participant-group-properties'
import { useParticipantGroups } from '../../lib/entities/catalogue/use-participant-groups'
import { activeFilterCount, type EventFilters, type FilterKey, withFilter } from './event-filters'
import { SchoolFacetFields } from './school-facet-fields'
import { type SchoolFacets, schoolsWithFacets } from './school-facets'
import '../../components/events/events-filters.css'

/** Whether a team still fits the other filters once one of them changes. */
function teamFits(team: Participant, filters: EventFilters, schoolId: number | null, sportAlias: string | null) {
  if (schoolId !== null && team.participant_group_id !== schoolId) return false
  if (sportAlias && team.properties.sport !== sportAlias) return false
  if (filters.gender && team.properties.gender !== (filters.gender === 'men' ? 'M' : 'W')) return false
  return true
}

/**
 * The events filters (spec §3 names: school, team, sport, gender, venue, city, state, plus a day), as
 * labelled selects built from the channel's own lists, with the schools' own properties beside the
 * School (school-facets.ts). Every change goes straight to the address.
 */
export function EventsFilters({
  filters,
  facets,
  participants,
  onChange,
  onFacetChange,
  onClear,
}: {
  filters: EventFilters
  facets: SchoolFacets
  /** The teams, once loaded. */
  participants: readonly Participant[] | undefined
  /** Gets what to make of the filters last asked for (another change may be on its way). */
  onChange: (change: (filters: EventFilters) => EventFilters) => void
  onFacetChange: (property: string, value: string) => void
  onClear: () => void
}) {
  const { t, i18n } = useTranslation()
  const groups = useParticipantGroups()
  const properties = useParticipantGroupProperties()
  const categories = useEventCategories()
  const locations = useEventLocations()
  const [isOpen, setIsOpen] = useState(false)
  const panelId = useId()
  const count = activeFilterCount(filters) + Object.keys(facets).length

  const school = findByAliasOrName(groups, filters.school)
  const sports = categories
  const sport = findByAliasOrName(sports, filters.sport)
  const team = findByAliasOrName(participants, filters.team)
  const divisionName = new Map(flattenCategories(categories).map((entry) => [entry.category.id, entry.category.name]))
  const sortedGroups = groups
    .filter((group) => group.id === school?.id || schoolsWithFacets([group], facets).length > 0)
    .sort((a, b) => a.name.localeCompare(b.name, i18n.language))
  const sortedVenues = [...locations].sort((a, b) => a.name.localeCompare(b.name, i18n.language))
  const teamOptions = (participants ?? [])
    .filter((p) => teamFits(p, filters, school?.id ?? null, sport?.alias ?? null) || p.id === team?.id)
    .map((p) => ({
      value: p.alias,
      label: p.event_category_id ? `${p.name} · ${divisionName.get(p.event_category_id) ?? ''}` : p.name,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language))

  const change = (key: FilterKey, value: string) =>
    onChange((current) => {
      let next = withFilter(current, key, value)
      // A team from another school, sport or gender would match nothing: drop it.
      const currentTeam = findByAliasOrName(participants, current.team)
      if (key !== 'team' && currentTeam && ['school', 'sport', 'gender'].includes(key)) {
        const nextSchool = findByAliasOrName(groups, next.school)
        const nextSport = findByAliasOrName(sports, next.sport)
        if (!teamFits(currentTeam, next, nextSchool?.id ?? null, nextSport?.alias ?? null))
          next = withFilter(next, 'team', '')
      }
      return next
    })

  /** The select shows what the address says, even a value the lists do not know. */
  const unknownOption = (value: string | undefined, known: boolean) =>
    value && !known ? <option value={value}>{value}</option> : null

  const byAlias = (items: readonly { alias: string; name: string }[]) =>
    items.map((item) => ({ value: item.alias, label: item.name }))
  const asIs = (values: string[]) => values.map((value) => ({ value, label: value }))
  /**
   * The selects in their order. `value`: what the select shows when not the address's own word (the
   * alias of what it names); `known`: for a select that also shows a value its list lacks, whether it has it.
   */
  const selects: {
    key: Exclude<FilterKey, 'date'>
    label: string
    all: string
    options: readonly { value: string; label: string }[]
    value?: string
    known?: boolean
    disabled?: boolean
  }[] = [
    {
      key: 'school',
      label: t('filters.school'),
      all: t('filters.allSchools'),
      options: byAlias(sortedGroups),
      value: school?.alias,
      known: school !== undefined,
    },
    {
      key: 'team',
      label: t('filters.team'),
      all: participants === undefined ? t('common.loading') : t('filters.allTeams'),
      options: teamOptions,
      value: team?.alias,
      known: team !== undefined,
      disabled: participants === undefined && !filters.team,
    },
    {
      key: 'sport',
      label: t('filters.sport'),
      all: t('filters.allSports'),
      options: byAlias(sports),
      value: sport?.alias,
      known: sport !== undefined,
    },
    {
      key: 'gender',
      label: t('filters.gender'),
      all: t('filters.allGenders'),
      options: [
        { value: 'men', label: t('filters.men') },
        { value: 'women', label: t('filters.women') },
      ],
    },
    {
      key: 'venue',
      label: t('filters.venue'),
      all: t('filters.allVenues'),
      options: sortedVenues.map((location) => ({ value: String(location.id), label: location.name })),
      known: locations.some((l) => String(l.id) === filters.venue),
    },
    {
      key: 'city',
      label: t('filters.city'),
      all: t('filters.allCities'),
      options: asIs(distinctSorted([...locations.map((l) => l.city), filters.city], i18n.language)),
    },
    {
      key: 'state',
      label: t('filters.state'),
      all: t('filters.allStates'),
      options: asIs(distinctSorted([...locations.map((l) => l.state), filters.state], i18n.language)),
    },
  ]

  return (
    <form
      className={`filters${isOpen ? ' is-open' : ''}`}
      aria-label={t('filters.label')}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="filters__bar">
        <button
          type="button"
          className="button button--secondary filters__toggle"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen((open) => !open)}
        >
          <span className="filters__toggle-icon" aria-hidden="true" />
          {count > 0 ? t('filters.toggleCount', { n: count }) : t('filters.toggle')}
        </button>
      </div>
      <div id={panelId} className="filters__panel">
        <SchoolFacetFields properties={properties} groups={groups} facets={facets} onChange={onFacetChange} />
        {selects.map((select) => (
          <FilterSelect
            key={select.key}
            label={select.label}
            value={select.value ?? filters[select.key] ?? ''}
            onChange={(v) => change(select.key, v)}
            disabled={select.disabled}
          >
            <option value="">{select.all}</option>
            {select.known === undefined ? null : unknownOption(filters[select.key], select.known)}
            {select.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </FilterSelect>
        ))}
        <DateField value={filters.date ?? ''} onChange={(v) => change('date', v)} />
        <div className="filters__actions">
          <Button variant="ghost" onClick={onClear} disabled={count === 0}>
            {t('filters.clear')}
          </Button>
        </div>
      </div>
    </form>
  )
}

function DateField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div className="filters__field">
      <label className="filters__label" htmlFor={id}>
        {t('filters.date')}
      </label>
      <input
        id={id}
        type="date"
        className="filters__control"
        value={value}
        // A half-typed date is empty to the input; only whole days reach the address.
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}
