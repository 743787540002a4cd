import type { AdminCoupon } from '@fieldhouse/contract'
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
import {
  CheckGroup,
  fromCents,
  fromLocalInput,
  intOrNull,
  money,
  SelectField,
  toCents,
  toLocalInput,
} from './sales-fields'

const base = '/admin/coupons'

/** Coupons (decision 0035): the list with redemption counts, a new coupon, and a coupon's editor. */
export default function CouponsPage() {
  return <SalesRoutes list={<CouponList />} editor={CouponEditor} />
}

function CouponList() {
  const { t } = useTranslation()
  const me = useOperator()
  const columns = useMemo(
    () => [
      { key: 'code', header: t('consoleSales.code'), sortable: true },
      {
        key: 'discount',
        header: t('consoleSales.discount'),
        render: (row: Row) =>
          row.percent_off !== null ? `${row.percent_off}%` : money(Number(row.amount_off), String(row.currency)),
      },
      {
        key: 'redemptions',
        header: t('consoleSales.redemptions'),
        sortable: true,
        render: (row: Row) =>
          row.max_redemptions ? `${row.redemptions} / ${row.max_redemptions}` : String(row.redemptions),
      },
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
        <h1>{t('consoleSales.coupons')}</h1>
        {allowed(me, 'create', 'coupons') ? (
          <ButtonLink to={`${base}/new`}>{t('consoleSales.newCoupon')}</ButtonLink>
        ) : null}
      </div>
      <p className="console-lead">{t('consoleSales.couponsLead')}</p>
      <ResourceList
        resource="coupons"
        caption={t('consoleSales.listCaption', { what: t('consoleSales.coupons') })}
        columns={columns}
        titleKey="code"
        rowHref={(row) => `${base}/${row.id}`}
        searchLabel={t('consoleSales.searchCodes')}
        emptyText={t('consoleSales.none')}
      />
    </>
  )
}

interface Draft {
  code: string
  kind: 'percent' | 'amount'
  percent_off: string
  amount_off: string
  applies_to: number[]
  max_redemptions: string
  max_per_viewer: string
  valid_from: string
  valid_to: string
  duration: 'once' | 'repeating'
  duration_months: string
}

const draftOf = (c: AdminCoupon | undefined): Draft => ({
  code: c?.code ?? '',
  kind: c && c.amount_off !== null ? 'amount' : 'percent',
  percent_off: c?.percent_off ? String(c.percent_off) : '',
  amount_off: fromCents(c?.amount_off ?? undefined),
  applies_to: c?.applies_to ?? [],
  max_redemptions: c?.max_redemptions ? String(c.max_redemptions) : '',
  max_per_viewer: c?.max_per_viewer ? String(c.max_per_viewer) : '',
  valid_from: toLocalInput(c?.valid_from),
  valid_to: toLocalInput(c?.valid_to),
  duration: c?.duration ?? 'once',
  duration_months: c?.duration_months ? String(c.duration_months) : '',
})

const bodyOf = (d: Draft) => ({
  code: d.code,
  percent_off: d.kind === 'percent' ? intOrNull(d.percent_off) : null,
  amount_off: d.kind === 'amount' ? toCents(d.amount_off) : null,
  applies_to: d.applies_to,
  max_redemptions: intOrNull(d.max_redemptions),
  max_per_viewer: intOrNull(d.max_per_viewer),
  valid_from: fromLocalInput(d.valid_from),
  valid_to: fromLocalInput(d.valid_to),
  duration: d.duration,
  duration_months: d.duration === 'repeating' ? intOrNull(d.duration_months) : null,
})

function CouponEditor({ id }: { id: string | null }) {
  return (
    <SalesItemLoader<AdminCoupon> resource="coupons" id={id}>
      {(coupon) => <CouponForm id={id} coupon={coupon} />}
    </SalesItemLoader>
  )
}

function CouponForm({ id, coupon }: { id: string | null; coupon: AdminCoupon | undefined }) {
  const { t } = useTranslation()
  const editor = useSalesEditor('coupons', id, base, () => draftOf(coupon))
  const { draft, set, errors, isNew, readOnly } = editor
  const passes = useAdminOptions('passes')

  return (
    <>
      <SalesEditorHead editor={editor} title={isNew ? t('consoleSales.newCoupon') : coupon?.code} />
      {coupon ? (
        <p className="console-note">
          {t('consoleSales.redemptions')}: {coupon.redemptions}
          {coupon.max_redemptions ? ` / ${coupon.max_redemptions}` : ''}
        </p>
      ) : null}
      {coupon && coupon.redemptions > 0 ? (
        <p className="console-note">{t('consoleSales.redeemedNote', { count: coupon.redemptions })}</p>
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
          <legend>{t('consoleSales.discount')}</legend>
          <TextField
            label={t('consoleSales.code')}
            value={draft.code}
            error={errors.code}
            autoCapitalize="characters"
            onChange={(e) => set('code', e.target.value)}
          />
          <div className="console-fieldset__row">
            <SelectField
              label={t('consoleSales.discountKind')}
              value={draft.kind}
              onChange={(v) => set('kind', v as Draft['kind'])}
              options={[
                { value: 'percent', label: t('consoleSales.percentOff') },
                { value: 'amount', label: t('consoleSales.amountOff') },
              ]}
            />
            {draft.kind === 'percent' ? (
              <TextField
                label={t('consoleSales.percentOff')}
                type="number"
                min={1}
                max={100}
                value={draft.percent_off}
                error={errors.percent_off}
                onChange={(e) => set('percent_off', e.target.value)}
              />
            ) : (
              <TextField
                label={t('consoleSales.amountOff')}
                inputMode="decimal"
                value={draft.amount_off}
                error={errors.amount_off ?? errors.percent_off}
                onChange={(e) => set('amount_off', e.target.value)}
              />
            )}
          </div>
          <CheckGroup
            legend={t('consoleSales.appliesTo')}
            options={(passes.data ?? []).map((p) => ({ value: Number(p.id), label: String(p.name) }))}
            chosen={draft.applies_to}
            error={errors.applies_to}
            onChange={(v) => set('applies_to', v)}
          />
          <div className="console-fieldset__row">
            <TextField
              label={t('consoleSales.maxRedemptions')}
              type="number"
              min={1}
              value={draft.max_redemptions}
              error={errors.max_redemptions}
              onChange={(e) => set('max_redemptions', e.target.value)}
            />
            <TextField
              label={t('consoleSales.maxPerViewer')}
              type="number"
              min={1}
              value={draft.max_per_viewer}
              error={errors.max_per_viewer}
              onChange={(e) => set('max_per_viewer', e.target.value)}
            />
          </div>
          <div className="console-fieldset__row">
            <TextField
              label={t('consoleSales.validFrom')}
              type="datetime-local"
              value={draft.valid_from}
              error={errors.valid_from}
              onChange={(e) => set('valid_from', e.target.value)}
            />
            <TextField
              label={t('consoleSales.validTo')}
              type="datetime-local"
              value={draft.valid_to}
              error={errors.valid_to}
              onChange={(e) => set('valid_to', e.target.value)}
            />
          </div>
          <div className="console-fieldset__row">
            <SelectField
              label={t('consoleSales.duration')}
              value={draft.duration}
              onChange={(v) => set('duration', v as Draft['duration'])}
              options={[
                { value: 'once', label: t('consoleSales.once') },
                { value: 'repeating', label: t('consoleSales.repeating') },
              ]}
            />
            {draft.duration === 'repeating' ? (
              <TextField
                label={t('consoleSales.months')}
                type="number"
                min={1}
                max={36}
                value={draft.duration_months}
                error={errors.duration_months}
                onChange={(e) => set('duration_months', e.target.value)}
              />
            ) : null}
          </div>
        </fieldset>
        <SalesFormActions editor={editor} item={coupon} unused={coupon?.redemptions === 0} />
      </form>
      <SalesDeleteConfirm editor={editor} item={coupon} name={coupon?.code ?? ''} />
    </>
  )
}
