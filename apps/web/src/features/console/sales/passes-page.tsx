import type { AdminPass } from '@fieldhouse/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../../components/ui/button'
import { CheckboxField, TextField } from '../../../components/ui/form-field'
import { allowed } from '../access'
import { type Row, useAdminOptions } from '../api/admin-api'
import { ResourceList } from '../components/resource-list'
import { useOperator } from '../operator-context'
import {
  SalesDeleteConfirm,
  SalesEditorHead,
  SalesFormActions,
  SalesItemLoader,
  SalesRoutes,
  useSalesEditor,
} from './sales-editor'
import { CheckGroup, fromCents, money, SelectField, toCents } from './sales-fields'

const base = '/admin/passes'
const kinds = ['subscription', 'package', 'event', 'addon'] as const
const capabilityNames = ['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media'] as const

/** Passes and prices (decision 0035): the list, a new pass, and a pass's editor. */
export default function PassesPage() {
  return <SalesRoutes list={<PassList />} editor={PassEditor} />
}

function PassList() {
  const { t } = useTranslation()
  const me = useOperator()
  const [kind, setKind] = useState('')
  const filters = useMemo(() => ({ kind }), [kind])
  const columns = useMemo(
    () => [
      { key: 'name', header: t('consoleSales.name'), sortable: true },
      {
        key: 'kind',
        header: t('consoleSales.kind'),
        sortable: true,
        render: (row: Row) => t(`consoleSales.kinds.${row.kind as (typeof kinds)[number]}`),
      },
      {
        key: 'price',
        header: t('consoleSales.price'),
        sortable: true,
        render: (row: Row) => money(Number(row.price), String(row.currency)),
      },
      { key: 'sold', header: t('consoleSales.sold') },
      {
        key: 'retired',
        header: t('consoleSales.status'),
        render: (row: Row) => (row.retired ? t('consoleSales.retired') : t('consoleSales.onSale')),
      },
    ],
    [t],
  )
  return (
    <>
      <div className="console-page-head">
        <h1>{t('consoleSales.passes')}</h1>
        {allowed(me, 'create', 'passes') ? (
          <ButtonLink to={`${base}/new`}>{t('consoleSales.newPass')}</ButtonLink>
        ) : null}
      </div>
      <p className="console-lead">{t('consoleSales.passesLead')}</p>
      <ResourceList
        resource="passes"
        caption={t('consoleSales.listCaption', { what: t('consoleSales.passes') })}
        columns={columns}
        titleKey="name"
        rowHref={(row) => `${base}/${row.id}`}
        searchLabel={t('consoleSales.search')}
        emptyText={t('consoleSales.none')}
        filters={filters}
        toolbar={
          <div className="console-list__filters">
            <SelectField
              label={t('consoleSales.kind')}
              value={kind}
              onChange={setKind}
              options={[
                { value: '', label: t('consoleSales.anyKind') },
                ...kinds.map((k) => ({ value: k, label: t(`consoleSales.kinds.${k}`) })),
              ]}
            />
          </div>
        }
      />
    </>
  )
}

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

const draftOf = (p: Partial<AdminPass> | undefined): Draft => ({
  kind: p?.kind ?? 'subscription',
  name: p?.name ?? '',
  description: p?.description ?? '',
  price: fromCents(p?.price),
  base_price: p && p.base_price !== p.price ? fromCents(p.base_price) : '',
  service_fee: p?.service_fee ? fromCents(p.service_fee) : '',
  image: p?.image ?? '',
  offer: p?.offer ?? '',
  period: p?.period ?? 'monthly',
  trial_period: String(p?.trial_period ?? 0),
  is_team_pass: p?.is_team_pass ?? false,
  event_categories: p?.event_categories ?? [],
  participants: p?.participants ?? [],
  event_id: p?.event_id ? String(p.event_id) : '',
  capabilities: p?.capabilities ?? ['watch'],
  weight: String(p?.weight ?? 0),
})

const bodyOf = (d: Draft, isNew: boolean) => ({
  ...(isNew ? { kind: d.kind } : {}),
  name: d.name,
  description: d.description.trim() || null,
  price: toCents(d.price) ?? Number.NaN,
  base_price: toCents(d.base_price),
  service_fee: toCents(d.service_fee) ?? 0,
  image: d.image.trim() || null,
  offer: d.offer.trim() || null,
  period: d.kind === 'subscription' ? d.period : null,
  trial_period: d.kind === 'subscription' ? Number(d.trial_period || 0) : 0,
  is_team_pass: d.kind === 'package' || d.kind === 'addon' ? d.is_team_pass : false,
  event_categories: d.event_categories,
  participants: d.participants,
  event_id: d.kind === 'event' && d.event_id ? Number(d.event_id) : null,
  capabilities: d.capabilities,
  weight: Number(d.weight || 0),
})

function PassEditor({ id }: { id: string | null }) {
  return (
    <SalesItemLoader<AdminPass> resource="passes" id={id}>
      {(pass) => <PassForm id={id} pass={pass} />}
    </SalesItemLoader>
  )
}

function PassForm({ id, pass }: { id: string | null; pass: AdminPass | undefined }) {
  const { t } = useTranslation()
  const editor = useSalesEditor('passes', id, base, () => draftOf(pass))
  const { draft, set, errors, isNew, readOnly } = editor
  const sports = useAdminOptions('events-categories')
  const teams = useAdminOptions('participants')
  const events = useAdminOptions('events')
  const currency = pass?.currency ?? 'USD'
  const sub = draft.kind === 'subscription'
  const packaged = draft.kind === 'package' || draft.kind === 'addon'

  return (
    <>
      <SalesEditorHead editor={editor} title={isNew ? t('consoleSales.newPass') : pass?.name} />
      {pass && pass.sold > 0 ? (
        <p className="console-note">{t('consoleSales.soldNote', { count: pass.sold })}</p>
      ) : null}
      {pass && pass.kind === 'subscription' ? (
        <p className="console-note">{t('consoleSales.subscribersNote', { count: pass.subscribers })}</p>
      ) : null}
      {pass?.stripe_price_id ? (
        <p className="console-note">{t('consoleSales.stripeNote', { price: pass.stripe_price_id })}</p>
      ) : null}
      <form
        className="console-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void editor.submitDraft(bodyOf(draft, isNew))
        }}
      >
        <fieldset className="console-fieldset" disabled={readOnly}>
          <legend>{isNew ? t('consoleSales.newPass') : pass?.name}</legend>
          <SelectField
            label={t('consoleSales.kind')}
            value={draft.kind}
            disabled={!isNew}
            onChange={(v) => set('kind', v as Draft['kind'])}
            options={kinds.map((k) => ({ value: k, label: t(`consoleSales.kinds.${k}`) }))}
          />
          <TextField
            label={t('consoleSales.name')}
            value={draft.name}
            error={errors.name}
            onChange={(e) => set('name', e.target.value)}
          />
          <TextField
            label={t('consoleSales.description')}
            value={draft.description}
            error={errors.description}
            onChange={(e) => set('description', e.target.value)}
          />
          <div className="console-fieldset__row">
            <TextField
              label={t('consoleSales.price')}
              inputMode="decimal"
              hint={t('consoleSales.moneyHint', { currency })}
              value={draft.price}
              error={errors.price}
              onChange={(e) => set('price', e.target.value)}
            />
            <TextField
              label={t('consoleSales.basePrice')}
              inputMode="decimal"
              value={draft.base_price}
              error={errors.base_price}
              onChange={(e) => set('base_price', e.target.value)}
            />
            {sub ? null : (
              <TextField
                label={t('consoleSales.serviceFee')}
                inputMode="decimal"
                value={draft.service_fee}
                error={errors.service_fee}
                onChange={(e) => set('service_fee', e.target.value)}
              />
            )}
          </div>
          {sub ? (
            <div className="console-fieldset__row">
              <SelectField
                label={t('consoleSales.period')}
                value={draft.period}
                error={errors.period}
                onChange={(v) => set('period', v as Draft['period'])}
                options={[
                  { value: 'monthly', label: t('consoleSales.monthly') },
                  { value: 'annual', label: t('consoleSales.annual') },
                ]}
              />
              <TextField
                label={t('consoleSales.trialDays')}
                type="number"
                min={0}
                value={draft.trial_period}
                error={errors.trial_period}
                onChange={(e) => set('trial_period', e.target.value)}
              />
            </div>
          ) : null}
          {draft.kind === 'event' ? (
            <SelectField
              label={t('consoleSales.event')}
              value={draft.event_id}
              error={errors.event_id}
              onChange={(v) => set('event_id', v)}
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
            <CheckGroup
              legend={t('consoleSales.teams')}
              options={(teams.data ?? []).map((r) => ({ value: Number(r.id), label: String(r.name) }))}
              chosen={draft.participants}
              error={errors.participants}
              onChange={(v) => set('participants', v)}
            />
          ) : null}
          {(packaged && !draft.is_team_pass) || sub ? (
            <CheckGroup
              legend={t('consoleSales.sports')}
              options={(sports.data ?? []).map((r) => ({ value: Number(r.id), label: String(r.name) }))}
              chosen={draft.event_categories}
              error={errors.event_categories}
              onChange={(v) => set('event_categories', v)}
            />
          ) : null}
          <CheckGroup
            legend={t('consoleSales.grants')}
            options={capabilityNames.map((c) => ({ value: c, label: t(`consoleSales.capabilities.${c}`) }))}
            chosen={draft.capabilities}
            error={errors.capabilities}
            onChange={(v) => set('capabilities', v)}
          />
          <div className="console-fieldset__row">
            <TextField
              label={t('consoleSales.image')}
              type="url"
              value={draft.image}
              error={errors.image}
              onChange={(e) => set('image', e.target.value)}
            />
            <TextField
              label={t('consoleSales.offer')}
              value={draft.offer}
              error={errors.offer}
              onChange={(e) => set('offer', e.target.value)}
            />
            <TextField
              label={t('consoleSales.weight')}
              type="number"
              value={draft.weight}
              error={errors.weight}
              onChange={(e) => set('weight', e.target.value)}
            />
          </div>
        </fieldset>
        <SalesFormActions editor={editor} item={pass} unused={pass?.sold === 0} />
      </form>
      <SalesDeleteConfirm editor={editor} item={pass} name={pass?.name ?? ''} />
    </>
  )
}
