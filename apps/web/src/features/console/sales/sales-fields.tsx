import type { AdminOrder } from '@fieldhouse/contract'
import { moneyInput, parseMoney } from '@fieldhouse/contract'
import type { TFunction } from 'i18next'
import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '../../../components/ui/form-field'
import { ApiRequestError } from '../../../lib/api/api-error'
import { errorText } from '../../../lib/api/error-text'
import { useMessageText } from '../../../lib/i18n/message-text'
import type { consoleSalesEn } from '../../../lib/i18n/resources/console-sales.en'
import { LabelledField } from '../components/labelled-field'

/** What the sales editors read amounts and times with: the channel's clock and the item's currency. */
export interface SalesContext {
  zone: string
  currency: string
  locale: string
}

/**
 * An amount as the operator typed it → minor units (the contract's `parseMoney`: `12`, `12.5`,
 * `12,50`); null when empty, NaN when it is not an amount, which the server refuses in its words.
 */
export const amountOf = (text: string, currency: string): number | null => {
  const read = parseMoney(text, currency)
  return read.ok ? read.minor : Number.NaN
}

/** The price fields' draft of a pass or bundle: the base price only when it differs, the fee only when there is one. */
type PriceRow = { price: number; base_price: number; service_fee: number }
type ShownRow = { image: string | null; weight: number }
export const priceDraftOf = (p: PriceRow | undefined, { currency }: SalesContext) => ({
  price: moneyInput(p?.price, currency),
  base_price: p && p.base_price !== p.price ? moneyInput(p.base_price, currency) : '',
  service_fee: p?.service_fee ? moneyInput(p.service_fee, currency) : '',
})
/** What the price fields send: the price is required (NaN when empty, refused by the server with its words). */
export const priceBodyOf = (
  d: { price: string; base_price: string; service_fee: string },
  { currency }: SalesContext,
) => ({
  price: amountOf(d.price, currency) ?? Number.NaN,
  base_price: amountOf(d.base_price, currency),
  service_fee: amountOf(d.service_fee, currency) ?? 0,
})
/** The draft of how a pass or bundle is shown: its image and its weight in the lists. */
export const shownDraftOf = (p: ShownRow | undefined) => ({
  image: p?.image ?? '',
  weight: String(p?.weight ?? 0),
})
/** What the shown fields send: no image when empty, a weight of 0 when empty. */
export const shownBodyOf = (d: { image: string; weight: string }) => ({
  image: d.image.trim() || null,
  weight: Number(d.weight || 0),
})
/** The draft of what passes and bundles share: the name, the price fields and how the item is shown. */
export const saleItemDraftOf = (p: ({ name: string } & PriceRow & ShownRow) | undefined, context: SalesContext) => ({
  name: p?.name ?? '',
  ...priceDraftOf(p, context),
  ...shownDraftOf(p),
})
/** What the fields passes and bundles share send. */
export const saleItemBodyOf = (
  d: { name: string; price: string; base_price: string; service_fee: string; image: string; weight: string },
  context: SalesContext,
) => ({ name: d.name, ...priceBodyOf(d, context), ...shownBodyOf(d) })
/** A pass or bundle may be deleted while none has been sold. */
export const unsold = (item: { sold: number }) => item.sold === 0
export const intOrNull = (text: string) => (text.trim() === '' ? null : Number(text))

/** A failed save: its message (a refusal at Stripe is a 502 with words of its own) and its field errors. */
export function saveProblem(error: unknown): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {}
  if (error instanceof ApiRequestError) {
    for (const [k, v] of Object.entries(error.fieldErrors)) if (v[0]) fields[k] = v[0]
    const body = error.data as { message?: string } | null
    if (error.status === 502 && body?.message) return { message: body.message, fields }
  }
  return { message: errorText(error) ?? '', fields }
}

type Words = typeof consoleSalesEn
/** A word of the sales pages at the top of `consoleSales` (not a group of words). */
export type SalesWord = { [K in keyof Words]: Words[K] extends string ? K : never }[keyof Words]

/** A select's choices named by words of the sales pages: each value and the word that names it. */
export const wordChoices = (t: TFunction, words: Readonly<Record<string, SalesWord>>) =>
  Object.entries(words).map(([value, word]) => ({ value, label: t(`consoleSales.${word}`) }))

/** A labelled select with its error tied to it. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  error,
  disabled,
  required,
}: {
  label: string
  value: string
  onChange: (v: string) => void
  options: { value: string; label: string }[]
  error?: string | undefined
  disabled?: boolean
  required?: boolean
}) {
  const id = useId()
  const messageText = useMessageText()
  return (
    <LabelledField id={id} label={label}>
      <select
        id={id}
        className="field__input"
        value={value}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {messageText(error)}
        </p>
      ) : null}
    </LabelledField>
  )
}

/** A group of checkboxes in a fieldset (sports, teams, capabilities, passes), with the group's error. */
export function CheckGroup<T extends string | number>({
  legend,
  options,
  chosen,
  onChange,
  error,
  disabled,
}: {
  legend: ReactNode
  options: { value: T; label: string }[]
  chosen: T[]
  onChange: (next: T[]) => void
  error?: string | undefined
  disabled?: boolean
}) {
  const id = useId()
  const messageText = useMessageText()
  return (
    <fieldset className="console-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="console-checks">
        {options.map((o) => (
          <label key={String(o.value)} className="console-check">
            <input
              type="checkbox"
              checked={chosen.includes(o.value)}
              disabled={disabled}
              onChange={(e) => onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))}
            />{' '}
            {o.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {messageText(error)}
        </p>
      ) : null}
    </fieldset>
  )
}

/** An order's state in words: its payment (or complimentary) and whether its pass is open. */
export function orderStateText(t: TFunction, o: Pick<AdminOrder, 'complimentary' | 'status' | 'activity_status'>) {
  const paid = o.complimentary ? t('consoleSales.complimentary') : t(`consoleSales.orderStatus.${o.status}`)
  return `${paid} · ${t(`consoleSales.access.${o.activity_status}`)}`
}

export type Outcome = { error: boolean; text: string }

/** What an action said: its outcome as a status, or why it failed as an alert (an empty status waits for the next). */
export function ActionMessage({ message, children }: { message: Outcome | null; children?: ReactNode }) {
  return (
    <p role={message?.error ? 'alert' : 'status'} className={message?.error ? 'console-error' : 'console-note'}>
      {message?.text}
      {children}
    </p>
  )
}

/** A section of actions on an order or a viewer: its heading names it for screen readers. */
export function ActionSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="console-form" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

/** An error line, when there is one. */
export function ErrorLine({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="console-error">
      {error}
    </p>
  ) : null
}

/** A date field of a filter (`YYYY-MM-DD`, a day of the channel's calendar), or a `datetime-local` one. */
export function DateField({
  label,
  value,
  onChange,
  type = 'date',
}: {
  label: string
  value: string
  onChange: (v: string) => void
  type?: 'date' | 'datetime-local'
}) {
  const id = useId()
  return (
    <LabelledField id={id} label={label}>
      <input id={id} type={type} className="field__input" value={value} onChange={(e) => onChange(e.target.value)} />
    </LabelledField>
  )
}

/** Why money is given back: what the refund's story and the viewer's mail say (3 to 300 characters). */
export function ReasonField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation()
  return (
    <TextField
      label={t('consoleSales.reason')}
      required
      minLength={3}
      maxLength={300}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  )
}

/** A list newest first, as orders and viewers are read. */
export const newestFirst = { defaultSort: 'created_at', defaultDirection: 'desc' } as const
