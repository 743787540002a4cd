import type { AdminBundle } from '@fieldhouse/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/form-field'
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
import { CheckGroup, fromCents, money, toCents } from './sales-fields'

const base = '/admin/bundles'

/** Bundles (decision 0040): the list, a new bundle, and a bundle's editor with the passes it holds. */
export default function BundlesPage() {
  return <SalesRoutes list={<BundleList />} editor={BundleEditor} />
}

function BundleList() {
  const { t } = useTranslation()
  const me = useOperator()
  const columns = useMemo(
    () => [
      { key: 'name', header: t('consoleSales.name'), sortable: true },
      {
        key: 'pass_ids',
        header: t('consoleSales.passesInBundle'),
        render: (row: Row) => String(Array.isArray(row.pass_ids) ? row.pass_ids.length : 0),
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
        render: (row: Row) =>
          row.retired ? t('consoleSales.retired') : row.on_sale ? t('consoleSales.onSale') : t('consoleSales.offSale'),
      },
    ],
    [t],
  )
  return (
    <>
      <div className="console-page-head">
        <h1>{t('consoleSales.bundles')}</h1>
        {allowed(me, 'create', 'bundles') ? (
          <ButtonLink to={`${base}/new`}>{t('consoleSales.newBundle')}</ButtonLink>
        ) : null}
      </div>
      <p className="console-lead">{t('consoleSales.bundlesLead')}</p>
      <ResourceList
        resource="bundles"
        caption={t('consoleSales.listCaption', { what: t('consoleSales.bundles') })}
        columns={columns}
        titleKey="name"
        rowHref={(row) => `${base}/${row.id}`}
        searchLabel={t('consoleSales.search')}
        emptyText={t('consoleSales.none')}
      />
    </>
  )
}

interface Draft {
  name: string
  price: string
  base_price: string
  service_fee: string
  image: string
  weight: string
  pass_ids: number[]
}

const draftOf = (b: AdminBundle | undefined): Draft => ({
  name: b?.name ?? '',
  price: fromCents(b?.price),
  base_price: b && b.base_price !== b.price ? fromCents(b.base_price) : '',
  service_fee: b?.service_fee ? fromCents(b.service_fee) : '',
  image: b?.image ?? '',
  weight: String(b?.weight ?? 0),
  pass_ids: b?.pass_ids ?? [],
})

const bodyOf = (d: Draft) => ({
  name: d.name,
  price: toCents(d.price) ?? Number.NaN,
  base_price: toCents(d.base_price),
  service_fee: toCents(d.service_fee) ?? 0,
  image: d.image.trim() || null,
  weight: Number(d.weight || 0),
  pass_ids: d.pass_ids,
})

function BundleEditor({ id }: { id: string | null }) {
  return (
    <SalesItemLoader<AdminBundle> resource="bundles" id={id}>
      {(bundle) => <BundleForm id={id} bundle={bundle} />}
    </SalesItemLoader>
  )
}

function BundleForm({ id, bundle }: { id: string | null; bundle: AdminBundle | undefined }) {
  const { t } = useTranslation()
  const editor = useSalesEditor('bundles', id, base, () => draftOf(bundle))
  const { draft, set, errors, isNew, readOnly } = editor
  const passes = useAdminOptions('passes')
  const currency = bundle?.currency ?? 'USD'
  // A bundle is paid once: subscriptions are not offered; a retired pass only while the bundle holds it.
  const choices = (passes.data ?? [])
    .filter((p) => p.kind !== 'subscription' && (!p.retired || draft.pass_ids.includes(Number(p.id))))
    .map((p) => ({
      value: Number(p.id),
      label: `${String(p.name)} (${t(`consoleSales.kinds.${p.kind as 'package'}`)}, ${money(Number(p.price), String(p.currency))}${p.retired ? `, ${t('consoleSales.retired')}` : ''})`,
    }))

  return (
    <>
      <SalesEditorHead editor={editor} title={isNew ? t('consoleSales.newBundle') : bundle?.name} />
      {bundle && bundle.sold > 0 ? (
        <p className="console-note">{t('consoleSales.bundleSoldNote', { count: bundle.sold })}</p>
      ) : null}
      {bundle && !bundle.retired && !bundle.on_sale ? (
        <p className="console-note">{t('consoleSales.bundleOffSaleNote')}</p>
      ) : null}
      <form
        className="console-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void editor.submitDraft(bodyOf(draft))
        }}
      >
        <fieldset className="console-fieldset" disabled={readOnly}>
          <legend>{isNew ? t('consoleSales.newBundle') : bundle?.name}</legend>
          <TextField
            label={t('consoleSales.name')}
            value={draft.name}
            error={errors.name}
            onChange={(e) => set('name', e.target.value)}
          />
          <CheckGroup
            legend={t('consoleSales.bundlePasses')}
            options={choices}
            chosen={draft.pass_ids}
            error={errors.pass_ids}
            disabled={readOnly}
            onChange={(v) => set('pass_ids', v)}
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
            <TextField
              label={t('consoleSales.serviceFee')}
              inputMode="decimal"
              value={draft.service_fee}
              error={errors.service_fee}
              onChange={(e) => set('service_fee', e.target.value)}
            />
          </div>
          <div className="console-fieldset__row">
            <TextField
              label={t('consoleSales.image')}
              type="url"
              value={draft.image}
              error={errors.image}
              onChange={(e) => set('image', e.target.value)}
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
        <SalesFormActions editor={editor} item={bundle} unused={bundle?.sold === 0} />
      </form>
      <SalesDeleteConfirm editor={editor} item={bundle} name={bundle?.name ?? ''} />
    </>
  )
}
