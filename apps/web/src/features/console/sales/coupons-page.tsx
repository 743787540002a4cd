import { type AdminCoupon, fromLocalInput, moneyInput, toLocalInput } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { TextField } from '../../../components/ui/form-field'
import { type Row, useAdminOptions } from '../api/admin-api'
import { useChannelZone } from '../channel-time'
import { Money, type SalesForm, SalesPage, type SalesPageSpec } from './sales-editor'
import { amountOf, CheckGroup, intOrNull, type SalesContext, SelectField, wordChoices } from './sales-fields'

export interface CouponDraft {
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

const countOrEmpty = (n: number | null | undefined) => (n ? String(n) : '')

/** A coupon's draft; its dates on the channel's clock (decision 0019), whatever the browser's zone. */
export const couponDraftOf = (c: AdminCoupon | undefined, { zone, currency }: SalesContext): CouponDraft => ({
  code: c?.code ?? '',
  kind: c && c.amount_off !== null ? 'amount' : 'percent',
  percent_off: countOrEmpty(c?.percent_off),
  amount_off: moneyInput(c?.amount_off, currency),
  applies_to: c?.applies_to ?? [],
  max_redemptions: countOrEmpty(c?.max_redemptions),
  max_per_viewer: countOrEmpty(c?.max_per_viewer),
  valid_from: toLocalInput(c?.valid_from, zone),
  valid_to: toLocalInput(c?.valid_to, zone),
  duration: c?.duration ?? 'once',
  duration_months: countOrEmpty(c?.duration_months),
})

/** What the coupon's form sends: one kind of discount, the dates read on the channel's clock. */
export const couponBodyOf = (d: CouponDraft, _isNew: boolean, { zone, currency }: SalesContext) => ({
  code: d.code,
  percent_off: d.kind === 'percent' ? intOrNull(d.percent_off) : null,
  amount_off: d.kind === 'amount' ? amountOf(d.amount_off, currency) : null,
  applies_to: d.applies_to,
  max_redemptions: intOrNull(d.max_redemptions),
  max_per_viewer: intOrNull(d.max_per_viewer),
  valid_from: d.valid_from ? fromLocalInput(d.valid_from, zone) : null,
  valid_to: d.valid_to ? fromLocalInput(d.valid_to, zone) : null,
  duration: d.duration,
  duration_months: d.duration === 'repeating' ? intOrNull(d.duration_months) : null,
})

function CouponNotes({ item: coupon }: { item: AdminCoupon }) {
  const { t } = useTranslation()
  return (
    <>
      <p className="console-note">
        {t('consoleSales.redemptions')}: {coupon.redemptions}
        {coupon.max_redemptions ? ` / ${coupon.max_redemptions}` : ''}
      </p>
      {coupon.redemptions > 0 ? (
        <p className="console-note">{t('consoleSales.redeemedNote', { count: coupon.redemptions })}</p>
      ) : null}
    </>
  )
}

/** A coupon's fields: its code, its discount, the passes it is good for, its limits and its dates. */
function CouponFields({ form }: { form: SalesForm<CouponDraft> }) {
  const { t } = useTranslation()
  const { draft, bind, bindChecks, bindChoice, errors } = form
  const passes = useAdminOptions('passes')
  const timeZone = t('consoleSales.channelClock', { zone: useChannelZone() })
  return (
    <>
      <TextField label={t('consoleSales.code')} autoCapitalize="characters" {...bind('code')} />
      <div className="console-fieldset__row">
        <SelectField
          label={t('consoleSales.discountKind')}
          {...bindChoice('kind')}
          options={wordChoices(t, { percent: 'percentOff', amount: 'amountOff' })}
        />
        {draft.kind === 'percent' ? (
          <TextField label={t('consoleSales.percentOff')} type="number" min={1} max={100} {...bind('percent_off')} />
        ) : (
          <TextField
            label={t('consoleSales.amountOff')}
            inputMode="decimal"
            {...bind('amount_off')}
            error={errors.amount_off ?? errors.percent_off}
          />
        )}
      </div>
      <CheckGroup
        legend={t('consoleSales.appliesTo')}
        options={(passes.data ?? []).map((p) => ({ value: Number(p.id), label: String(p.name) }))}
        {...bindChecks('applies_to')}
      />
      <div className="console-fieldset__row">
        <TextField label={t('consoleSales.maxRedemptions')} type="number" min={1} {...bind('max_redemptions')} />
        <TextField label={t('consoleSales.maxPerViewer')} type="number" min={1} {...bind('max_per_viewer')} />
      </div>
      <div className="console-fieldset__row">
        <TextField label={t('consoleSales.validFrom')} type="datetime-local" hint={timeZone} {...bind('valid_from')} />
        <TextField label={t('consoleSales.validTo')} type="datetime-local" hint={timeZone} {...bind('valid_to')} />
      </div>
      <div className="console-fieldset__row">
        <SelectField
          label={t('consoleSales.duration')}
          {...bindChoice('duration')}
          options={wordChoices(t, { once: 'once', repeating: 'repeating' })}
        />
        {draft.duration === 'repeating' ? (
          <TextField label={t('consoleSales.months')} type="number" min={1} max={36} {...bind('duration_months')} />
        ) : null}
      </div>
    </>
  )
}

const coupons: SalesPageSpec<'coupons', CouponDraft> = {
  resource: 'coupons',
  columns: (t) => [
    { key: 'code', header: t('consoleSales.code'), sortable: true },
    {
      key: 'discount',
      header: t('consoleSales.discount'),
      render: (row: Row) =>
        row.percent_off !== null ? (
          `${row.percent_off}%`
        ) : (
          <Money minor={Number(row.amount_off)} currency={String(row.currency)} />
        ),
    },
    {
      key: 'redemptions',
      header: t('consoleSales.redemptions'),
      sortable: true,
      render: (row: Row) =>
        row.max_redemptions ? `${row.redemptions} / ${row.max_redemptions}` : String(row.redemptions),
    },
  ],
  titleKey: 'code',
  legend: (t) => t('consoleSales.discount'),
  draftOf: couponDraftOf,
  bodyOf: couponBodyOf,
  unused: (coupon) => coupon.redemptions === 0,
  Notes: CouponNotes,
  Fields: CouponFields,
}

/** Coupons (decision 0035): the list with redemption counts, a new coupon, and a coupon's editor. */
export default function CouponsPage() {
  return <SalesPage spec={coupons} />
}
