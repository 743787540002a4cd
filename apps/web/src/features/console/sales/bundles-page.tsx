import type { AdminBundle } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { TextField } from '../../../components/ui/form-field'
import { type Row, useAdminOptions } from '../api/admin-api'
import { PriceFields, priceColumn, type SalesForm, SalesPage, type SalesPageSpec, soldColumn } from './sales-editor'
import { CheckGroup, priceBodyOf, priceDraftOf } from './sales-fields'
import { useMoney } from './sales-format'

interface Draft {
  name: string
  price: string
  base_price: string
  service_fee: string
  image: string
  weight: string
  pass_ids: number[]
}

function BundleNotes({ item: bundle }: { item: AdminBundle }) {
  const { t } = useTranslation()
  return (
    <>
      {bundle.sold > 0 ? (
        <p className="console-note">{t('consoleSales.bundleSoldNote', { count: bundle.sold })}</p>
      ) : null}
      {!bundle.retired && !bundle.on_sale ? (
        <p className="console-note">{t('consoleSales.bundleOffSaleNote')}</p>
      ) : null}
    </>
  )
}

/** A bundle's fields: its name, the passes it holds, its price and how it is shown. */
function BundleFields({ form, item: bundle }: { form: SalesForm<Draft>; item: AdminBundle | undefined }) {
  const { t } = useTranslation()
  const { draft, set, bind, errors } = form
  const passes = useAdminOptions('passes')
  const money = useMoney()
  // A bundle is paid once: subscriptions are not offered; a retired pass only while the bundle holds it.
  const choices = (passes.data ?? [])
    .filter((p) => p.kind !== 'subscription' && (!p.retired || draft.pass_ids.includes(Number(p.id))))
    .map((p) => ({
      value: Number(p.id),
      label: `${String(p.name)} (${t(`consoleSales.kinds.${p.kind as 'package'}`)}, ${money(Number(p.price), String(p.currency))}${p.retired ? `, ${t('consoleSales.retired')}` : ''})`,
    }))
  return (
    <>
      <TextField label={t('consoleSales.name')} {...bind('name')} />
      <CheckGroup
        legend={t('consoleSales.bundlePasses')}
        options={choices}
        chosen={draft.pass_ids}
        error={errors.pass_ids}
        onChange={(v) => set('pass_ids', v)}
      />
      <PriceFields form={form} currency={bundle?.currency ?? 'USD'} />
      <div className="console-fieldset__row">
        <TextField label={t('consoleSales.image')} type="url" {...bind('image')} />
        <TextField label={t('consoleSales.weight')} type="number" {...bind('weight')} />
      </div>
    </>
  )
}

const bundles: SalesPageSpec<'bundles', Draft> = {
  resource: 'bundles',
  base: '/admin/bundles',
  words: (t) => ({
    plural: t('consoleSales.bundles'),
    newOne: t('consoleSales.newBundle'),
    lead: t('consoleSales.bundlesLead'),
    search: t('consoleSales.searchNames'),
    created: (name) => t('consoleSales.bundleCreated', { name }),
  }),
  columns: (t) => [
    { key: 'name', header: t('consoleSales.name'), sortable: true },
    {
      key: 'pass_ids',
      header: t('consoleSales.passesInBundle'),
      render: (row: Row) => String(Array.isArray(row.pass_ids) ? row.pass_ids.length : 0),
    },
    priceColumn(t),
    soldColumn(t),
  ],
  titleKey: 'name',
  title: (bundle) => bundle.name,
  draftOf: (b, context) => ({
    name: b?.name ?? '',
    ...priceDraftOf(b, context),
    image: b?.image ?? '',
    weight: String(b?.weight ?? 0),
    pass_ids: b?.pass_ids ?? [],
  }),
  bodyOf: (d, _isNew, context) => ({
    name: d.name,
    ...priceBodyOf(d, context),
    image: d.image.trim() || null,
    weight: Number(d.weight || 0),
    pass_ids: d.pass_ids,
  }),
  unused: (bundle) => bundle.sold === 0,
  Notes: BundleNotes,
  Fields: BundleFields,
}

/** Bundles (decision 0040): the list, a new bundle, and a bundle's editor with the passes it holds. */
export default function BundlesPage() {
  return <SalesPage spec={bundles} />
}
