import type { AdminBundle } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { TextField } from '../../../components/ui/form-field'
import { type Row, useAdminOptions } from '../api/admin-api'
import {
  PriceFields,
  type SalesForm,
  SalesPage,
  type SalesPageSpec,
  ShownFields,
  saleItemColumns,
} from './sales-editor'
import { CheckGroup, saleItemBodyOf, saleItemDraftOf, unsold } from './sales-fields'
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
  const { draft, bind, bindChecks } = form
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
      <CheckGroup legend={t('consoleSales.bundlePasses')} options={choices} {...bindChecks('pass_ids')} />
      <PriceFields form={form} currency={bundle?.currency ?? 'USD'} />
      <ShownFields form={form} />
    </>
  )
}

const bundles: SalesPageSpec<'bundles', Draft> = {
  resource: 'bundles',
  columns: (t) =>
    saleItemColumns(t, {
      key: 'pass_ids',
      header: t('consoleSales.passesInBundle'),
      render: (row: Row) => String(Array.isArray(row.pass_ids) ? row.pass_ids.length : 0),
    }),
  titleKey: 'name',
  draftOf: (b, context) => ({
    ...saleItemDraftOf(b, context),
    pass_ids: b?.pass_ids ?? [],
  }),
  bodyOf: (d, _isNew, context) => ({
    ...saleItemBodyOf(d, context),
    pass_ids: d.pass_ids,
  }),
  unused: unsold,
  Notes: BundleNotes,
  Fields: BundleFields,
}

/** Bundles (decision 0040): the list, a new bundle, and a bundle's editor with the passes it holds. */
export default function BundlesPage() {
  return <SalesPage spec={bundles} />
}
