import type { AdminPass } from '@fieldhouse/contract'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { CheckboxField, TextField } from '../../../components/ui/form-field'
import { type Row, useAdminOptions } from '../api/admin-api'
import { useListFilters } from '../components/list-filters'
import {
  PriceFields,
  type SalesForm,
  SalesPage,
  type SalesPageSpec,
  ShownFields,
  saleItemColumns,
} from './sales-editor'
import { CheckGroup, SelectField, saleItemBodyOf, saleItemDraftOf, unsold, wordChoices } from './sales-fields'

const kinds = ['subscription', 'package', 'event', 'addon'] as const
const kindChoices = (t: TFunction) => kinds.map((k) => ({ value: k, label: t(`consoleSales.kinds.${k}`) }))
const capabilityNames = ['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media'] as const

interface Draft {
  kind: (typeof kinds)[number]
  name: string
  description: string
  price: string
  base_price: string
  service_fee: string
  image: string
  offer: string
  period: 'monthly' | 'annual'
  trial_period: string
  is_team_pass: boolean
  event_categories: number[]
  participants: number[]
  event_id: string
  capabilities: string[]
  weight: string
}

/** The list's filter by kind. */
function useKindFilter() {
  const { t } = useTranslation()
  return useListFilters([
    { key: 'kind', label: t('consoleSales.kind'), any: t('consoleSales.anyKind'), options: kindChoices(t) },
  ])
}

function PassNotes({ item: pass }: { item: AdminPass }) {
  const { t } = useTranslation()
  return (
    <>
      {pass.sold > 0 ? <p className="console-note">{t('consoleSales.soldNote', { count: pass.sold })}</p> : null}
      {pass.kind === 'subscription' ? (
        <p className="console-note">{t('consoleSales.subscribersNote', { count: pass.subscribers })}</p>
      ) : null}
      {pass.stripe_price_id ? (
        <p className="console-note">{t('consoleSales.stripeNote', { price: pass.stripe_price_id })}</p>
      ) : null}
    </>
  )
}

/** A pass's fields: what it is, its price, what it opens and grants, and how it is shown. */
function PassFields({ form, item: pass }: { form: SalesForm<Draft>; item: AdminPass | undefined }) {
  const { t } = useTranslation()
  const { draft, set, bind, bindChecks, bindChoice, errors, isNew } = form
  const sports = useAdminOptions('events-categories')
  const teams = useAdminOptions('participants')
  const events = useAdminOptions('events')
  const sub = draft.kind === 'subscription'
  const packaged = draft.kind === 'package' || draft.kind === 'addon'
  const choices = (rows: Row[] | undefined) => (rows ?? []).map((r) => ({ value: Number(r.id), label: String(r.name) }))
  return (
    <>
      <SelectField label={t('consoleSales.kind')} {...bindChoice('kind')} disabled={!isNew} options={kindChoices(t)} />
      <TextField label={t('consoleSales.name')} {...bind('name')} />
      <TextField label={t('consoleSales.description')} {...bind('description')} />
      <PriceFields form={form} currency={pass?.currency ?? 'USD'} fee={!sub} />
      {sub ? (
        <div className="console-fieldset__row">
          <SelectField
            label={t('consoleSales.period')}
            {...bindChoice('period')}
            error={errors.period}
            options={wordChoices(t, { monthly: 'monthly', annual: 'annual' })}
          />
          <TextField label={t('consoleSales.trialDays')} type="number" min={0} {...bind('trial_period')} />
        </div>
      ) : null}
      {draft.kind === 'event' ? (
        <SelectField
          label={t('consoleSales.event')}
          {...bindChoice('event_id')}
          error={errors.event_id}
          options={[
            { value: '', label: t('consoleSales.chooseEvent') },
            ...(events.data ?? []).map((e) => ({ value: String(e.id), label: String(e.name ?? e.id) })),
          ]}
        />
      ) : null}
      {packaged ? (
        <CheckboxField
          label={t('consoleSales.teamPass')}
          checked={draft.is_team_pass}
          onChange={(e) => set('is_team_pass', e.target.checked)}
        />
      ) : null}
      {packaged && draft.is_team_pass ? (
        <CheckGroup legend={t('consoleSales.teams')} options={choices(teams.data)} {...bindChecks('participants')} />
      ) : null}
      {(packaged && !draft.is_team_pass) || sub ? (
        <CheckGroup
          legend={t('consoleSales.sports')}
          options={choices(sports.data)}
          {...bindChecks('event_categories')}
        />
      ) : null}
      <CheckGroup
        legend={t('consoleSales.grants')}
        options={capabilityNames.map((c) => ({ value: c, label: t(`consoleSales.capabilities.${c}`) }))}
        {...bindChecks('capabilities')}
      />
      <ShownFields form={form}>
        <TextField label={t('consoleSales.offer')} {...bind('offer')} />
      </ShownFields>
    </>
  )
}

const passes: SalesPageSpec<'passes', Draft> = {
  resource: 'passes',
  columns: (t) =>
    saleItemColumns(t, {
      key: 'kind',
      header: t('consoleSales.kind'),
      sortable: true,
      render: (row: Row) => t(`consoleSales.kinds.${row.kind as (typeof kinds)[number]}`),
    }),
  titleKey: 'name',
  useFilters: useKindFilter,
  draftOf: (p, context) => ({
    kind: p?.kind ?? 'subscription',
    ...saleItemDraftOf(p, context),
    description: p?.description ?? '',
    offer: p?.offer ?? '',
    period: p?.period ?? 'monthly',
    trial_period: String(p?.trial_period ?? 0),
    is_team_pass: p?.is_team_pass ?? false,
    event_categories: p?.event_categories ?? [],
    participants: p?.participants ?? [],
    event_id: p?.event_id ? String(p.event_id) : '',
    capabilities: p?.capabilities ?? ['watch'],
  }),
  bodyOf: (d, isNew, context) => ({
    ...(isNew ? { kind: d.kind } : {}),
    ...saleItemBodyOf(d, context),
    description: d.description.trim() || null,
    offer: d.offer.trim() || null,
    period: d.kind === 'subscription' ? d.period : null,
    trial_period: d.kind === 'subscription' ? Number(d.trial_period || 0) : 0,
    is_team_pass: d.kind === 'package' || d.kind === 'addon' ? d.is_team_pass : false,
    event_categories: d.event_categories,
    participants: d.participants,
    event_id: d.kind === 'event' && d.event_id ? Number(d.event_id) : null,
    capabilities: d.capabilities,
  }),
  unused: unsold,
  Notes: PassNotes,
  Fields: PassFields,
}

/** Passes and prices (decision 0035): the list, a new pass, and a pass's editor. */
export default function PassesPage() {
  return <SalesPage spec={passes} />
}
