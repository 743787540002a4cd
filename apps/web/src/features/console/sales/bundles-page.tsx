import type { AdminBundle } from '@fieldhouse/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Route, Routes, useNavigate, useParams } from 'react-router'
import { Button, ButtonLink } from '../../../components/ui/button'
import { FormMessage, TextField } from '../../../components/ui/form-field'
import { PageLoader } from '../../../components/ui/spinner'
import { errorText } from '../../../lib/api/error-text'
import { allowed } from '../access'
import { type Row, useAdminDelete, useAdminItem, useAdminOptions, useAdminSave } from '../api/admin-api'
import { ResourceList } from '../components/resource-list'
import { useOperator } from '../operator-context'
import { CheckGroup, fromCents, money, saveProblem, toCents } from './sales-fields'

const base = '/admin/bundles'

/** Bundles (decision 0040): the list, a new bundle, and a bundle's editor with the passes it holds. */
export default function BundlesPage() {
  return (
    <Routes>
      <Route index element={<BundleList />} />
      <Route path="new" element={<BundleEditor id={null} />} />
      <Route path=":id" element={<EditRoute />} />
    </Routes>
  )
}

function EditRoute() {
  const { id = '' } = useParams()
  return <BundleEditor key={id} id={id} />
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
  const isNew = id === null
  const item = useAdminItem('bundles', id, !isNew)
  if (!isNew && item.isPending) return <PageLoader />
  if (!isNew && item.isError) return <FormMessage tone="error">{errorText(item.error) ?? ''}</FormMessage>
  return <BundleForm id={id} bundle={item.data as AdminBundle | undefined} />
}

function BundleForm({ id, bundle }: { id: string | null; bundle: AdminBundle | undefined }) {
  const { t } = useTranslation()
  const me = useOperator()
  const navigate = useNavigate()
  const isNew = id === null
  const readOnly = !allowed(me, isNew ? 'create' : 'update', 'bundles')
  const [draft, setDraft] = useState<Draft>(() => draftOf(bundle))
  // One key per console action: a create sent twice (a double click, a retry) makes one bundle.
  const [actionKey] = useState(() => crypto.randomUUID())
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const [confirming, setConfirming] = useState(false)
  const save = useAdminSave('bundles')
  const remove = useAdminDelete('bundles')
  const passes = useAdminOptions('passes')
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }))
  const currency = bundle?.currency ?? 'USD'
  // A bundle is paid once: subscriptions are not offered; a retired pass only while the bundle holds it.
  const choices = (passes.data ?? [])
    .filter((p) => p.kind !== 'subscription' && (!p.retired || draft.pass_ids.includes(Number(p.id))))
    .map((p) => ({
      value: Number(p.id),
      label: `${String(p.name)} (${t(`consoleSales.kinds.${p.kind as 'package'}`)}, ${money(Number(p.price), String(p.currency))}${p.retired ? `, ${t('consoleSales.retired')}` : ''})`,
    }))

  const submit = async (values: Record<string, unknown>, done: string) => {
    setErrors({})
    setMessage(null)
    try {
      await save.mutateAsync({ id, values })
      if (isNew) await navigate(base)
      else setMessage({ tone: 'success', text: done })
    } catch (e) {
      const problem = saveProblem(e)
      setErrors(problem.fields)
      setMessage({ tone: 'error', text: problem.message })
    }
  }

  return (
    <>
      <p className="console-breadcrumb">
        <Link to={base}>{t('consoleSales.back')}</Link>
      </p>
      <h1>{isNew ? t('consoleSales.newBundle') : bundle?.name}</h1>
      {readOnly ? <p className="console-readonly">{t('consoleSales.notAllowed')}</p> : null}
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
          void submit({ ...bodyOf(draft), ...(isNew ? { idempotency_key: actionKey } : {}) }, t('consoleSales.saved'))
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
        {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
        {readOnly ? null : (
          <div className="console-form__actions">
            <Button type="submit" disabled={save.isPending}>
              {isNew ? t('consoleSales.create') : t('consoleSales.save')}
            </Button>
            {bundle ? (
              <Button
                type="button"
                variant="secondary"
                disabled={save.isPending}
                onClick={() => void submit({ retired: !bundle.retired }, t('consoleSales.saved'))}
              >
                {bundle.retired ? t('consoleSales.putBack') : t('consoleSales.retire')}
              </Button>
            ) : null}
            {bundle && bundle.sold === 0 && allowed(me, 'delete', 'bundles') && !confirming ? (
              <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
                {t('consoleSales.delete')}
              </Button>
            ) : null}
          </div>
        )}
      </form>
      {bundle && confirming ? (
        <fieldset className="console-inline-confirm">
          <legend>{t('consoleSales.deleteConfirm', { name: bundle.name })}</legend>
          <Button
            variant="danger"
            autoFocus
            disabled={remove.isPending}
            onClick={() =>
              remove.mutateAsync(bundle.id).then(
                () => navigate(base),
                (e: unknown) => setMessage({ tone: 'error', text: saveProblem(e).message }),
              )
            }
          >
            {t('consoleSales.deleteForGood')}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('consoleSales.keep')}
          </Button>
        </fieldset>
      ) : null}
    </>
  )
}
