import type { TFunction } from 'i18next'
import type { ChangeEvent, ComponentType, ReactNode } from 'react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Route, Routes, useLocation, useNavigate, useParams } from 'react-router'
import { Button, ButtonLink } from '../../../components/ui/button'
import { FormMessage, TextField } from '../../../components/ui/form-field'
import { PageLoader } from '../../../components/ui/spinner'
import { errorText } from '../../../lib/api/error-text'
import { allowed } from '../access'
import { type Row, useAdminDelete, useAdminItem } from '../api/admin-api'
import { useChannelFormat } from '../channel-time'
import { PageHead } from '../components/page-head'
import { type ListColumn, ResourceList } from '../components/resource-list'
import { useOperator } from '../operator-context'
import { type SalesItemOf, type SalesResource, useSalesItem, useSalesSave } from './sales-api'
import { type SalesContext, saveProblem } from './sales-fields'
import { useMoney } from './sales-format'

type T = TFunction

/** What a sales page's words are: its heading, its new item's button and heading, its lead and search label. */
export interface SalesWords {
  plural: string
  newOne: string
  lead: string
  search: string
  /** Said on the list after a create ("Pass “Rivalry Night” created."). */
  created: (name: string) => string
}

/** The draft's fields as the editor binds them: each field's text, its error, and how it changes. */
export interface SalesForm<Draft> {
  draft: Draft
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void
  /** A text field's value, error and change handler, for `<TextField {...bind('name')} />`. */
  bind: (key: keyof Draft & string) => {
    value: string
    error: string | undefined
    onChange: (e: ChangeEvent<HTMLInputElement>) => void
  }
  /** A check group's choices, error and change handler, for `<CheckGroup {...bindChecks('passes')} />`. */
  bindChecks: <K extends keyof Draft & string>(
    key: K,
  ) => { chosen: Draft[K]; error: string | undefined; onChange: (next: Draft[K]) => void }
  /** A select's value and change handler, for `<SelectField {...bindChoice('kind')} />`. */
  bindChoice: (key: keyof Draft & string) => { value: string; onChange: (value: string) => void }
  errors: Record<string, string>
  isNew: boolean
  readOnly: boolean
}

/**
 * One sales page (decisions 0035, 0040): a pass, a bundle or a coupon. The page says only what is its
 * own (its columns, its draft and the body it sends, its fields and notes); the list, the editor's
 * loading, saving, retiring, deleting and confirmations are the same for all three.
 */
export interface SalesPageSpec<R extends SalesResource, Draft extends object> {
  /** The resource; its pages are at `/admin/{resource}`, its words in `pageWords`. */
  resource: R
  /** The list's own columns; the status column follows them. */
  columns: (t: T) => ListColumn[]
  /** What the list links and the editor shows of an item (its name, or its code). */
  titleKey: keyof SalesItemOf<R> & string
  /** The list's filters and their controls, when it has any. */
  useFilters?: () => { filters: Record<string, string>; toolbar: ReactNode }
  /** The form's legend: the item's title unless the page names it otherwise. */
  legend?: (t: T) => string
  /** The draft of an item (a new one when undefined): amounts in its currency, times on the channel's clock. */
  draftOf: (item: SalesItemOf<R> | undefined, context: SalesContext) => Draft
  /** What the form sends. */
  bodyOf: (draft: Draft, isNew: boolean, context: SalesContext) => Record<string, unknown>
  /** Nothing sold or redeemed yet: it may be deleted; else only retired. */
  unused: (item: SalesItemOf<R>) => boolean
  Notes?: ComponentType<{ item: SalesItemOf<R> }>
  Fields: ComponentType<{ form: SalesForm<Draft>; item: SalesItemOf<R> | undefined }>
}

/** Each sales page's words, keys of `consoleSales`: its heading, new item, lead, search label and created notice. */
const pageWords = {
  passes: ['passes', 'newPass', 'passesLead', 'searchNames', 'passCreated'],
  bundles: ['bundles', 'newBundle', 'bundlesLead', 'searchNames', 'bundleCreated'],
  coupons: ['coupons', 'newCoupon', 'couponsLead', 'searchCodes', 'couponCreated'],
} as const satisfies Record<SalesResource, readonly string[]>

function salesWords(t: T, resource: SalesResource): SalesWords {
  const [plural, newOne, lead, search, created] = pageWords[resource]
  return {
    plural: t(`consoleSales.${plural}`),
    newOne: t(`consoleSales.${newOne}`),
    lead: t(`consoleSales.${lead}`),
    search: t(`consoleSales.${search}`),
    created: (name) => t(`consoleSales.${created}`, { name }),
  }
}

const baseOf = (resource: SalesResource) => `/admin/${resource}`
const titleOf = <R extends SalesResource>(spec: { titleKey: keyof SalesItemOf<R> & string }, item: SalesItemOf<R>) =>
  String(item[spec.titleKey])

/** A sales page: its list at `/admin/{resource}`, a new item at `new`, and an item's editor at `{id}`. */
export function SalesPage<R extends SalesResource, Draft extends object>({ spec }: { spec: SalesPageSpec<R, Draft> }) {
  return (
    <Routes>
      <Route index element={<SalesList spec={spec} />} />
      <Route path="new" element={<SalesEditor spec={spec} id={null} />} />
      <Route path=":id" element={<EditRoute spec={spec} />} />
    </Routes>
  )
}

function EditRoute<R extends SalesResource, Draft extends object>({ spec }: { spec: SalesPageSpec<R, Draft> }) {
  const { id = '' } = useParams()
  return <SalesEditor key={id} spec={spec} id={id} />
}

const noFilters = () => ({ filters: undefined, toolbar: undefined })

function SalesList<R extends SalesResource, Draft extends object>({ spec }: { spec: SalesPageSpec<R, Draft> }) {
  const { t } = useTranslation()
  const me = useOperator()
  const words = salesWords(t, spec.resource)
  const base = baseOf(spec.resource)
  const { filters, toolbar } = (spec.useFilters ?? noFilters)()
  const notice = (useLocation().state as { notice?: string } | null)?.notice
  const columns = useMemo(
    () => [
      ...spec.columns(t),
      {
        key: 'retired',
        header: t('consoleSales.status'),
        // A bundle is off sale while a pass in it is retired.
        render: (row: Row) =>
          row.retired
            ? t('consoleSales.retired')
            : row.on_sale === false
              ? t('consoleSales.offSale')
              : t('consoleSales.onSale'),
      },
    ],
    [spec, t],
  )
  return (
    <>
      <PageHead
        title={words.plural}
        lead={words.lead}
        action={
          allowed(me, 'create', spec.resource) ? <ButtonLink to={`${base}/new`}>{words.newOne}</ButtonLink> : null
        }
      />
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <ResourceList
        resource={spec.resource}
        caption={t('consoleSales.listCaption', { what: words.plural })}
        columns={columns}
        titleKey={spec.titleKey}
        rowHref={(row) => `${base}/${row.id}`}
        searchLabel={words.search}
        emptyText={t('consoleSales.none')}
        filters={filters}
        toolbar={toolbar}
      />
    </>
  )
}

/** Loads the item an editor opens (none for a new one) and the channel's clock, then renders its form. */
function SalesEditor<R extends SalesResource, Draft extends object>({
  spec,
  id,
}: {
  spec: SalesPageSpec<R, Draft>
  id: string | null
}) {
  const item = useSalesItem(spec.resource, id)
  // The draft is made once, so it waits for the channel's clock and currency.
  const channel = useAdminItem('channel', null)
  const format = useChannelFormat()
  if ((id !== null && item.isPending) || channel.isPending) return <PageLoader />
  if (id !== null && item.isError) return <FormMessage tone="error">{errorText(item.error) ?? ''}</FormMessage>
  const context = { ...format, currency: item.data?.currency ?? format.currency }
  return <SalesItemForm spec={spec} id={id} item={item.data} context={context} />
}

/**
 * The editor's state: the draft, the fields' errors, the form's message, the delete confirmation,
 * and one key per console action, so a create sent twice (a double click, a retry) makes one item.
 * A new item, once created, goes back to the list, which says so.
 */
function SalesItemForm<R extends SalesResource, Draft extends object>({
  spec,
  id,
  item,
  context,
}: {
  spec: SalesPageSpec<R, Draft>
  id: string | null
  item: SalesItemOf<R> | undefined
  context: SalesContext
}) {
  const { t } = useTranslation()
  const me = useOperator()
  const navigate = useNavigate()
  const isNew = id === null
  const words = salesWords(t, spec.resource)
  const base = baseOf(spec.resource)
  const [draft, setDraft] = useState<Draft>(() => spec.draftOf(item, context))
  const [actionKey] = useState(() => crypto.randomUUID())
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const [confirming, setConfirming] = useState(false)
  const save = useSalesSave(spec.resource)
  const remove = useAdminDelete(spec.resource)
  const readOnly = !allowed(me, isNew ? 'create' : 'update', spec.resource)
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }))
  const form: SalesForm<Draft> = {
    draft,
    set,
    bind: (key) => ({
      value: String(draft[key]),
      error: errors[key],
      onChange: (e) => set(key, e.target.value as Draft[typeof key]),
    }),
    bindChecks: (key) => ({ chosen: draft[key], error: errors[key], onChange: (next) => set(key, next) }),
    bindChoice: (key) => ({ value: String(draft[key]), onChange: (value) => set(key, value as Draft[typeof key]) }),
    errors,
    isNew,
    readOnly,
  }

  const submit = async (values: Record<string, unknown>) => {
    setErrors({})
    setMessage(null)
    try {
      const saved = await save.mutateAsync({ id, values })
      if (isNew) await navigate(base, { state: { notice: words.created(titleOf(spec, saved)) } })
      else setMessage({ tone: 'success', text: t('consoleSales.saved') })
    } catch (e) {
      const problem = saveProblem(e)
      setErrors(problem.fields)
      setMessage({ tone: 'error', text: problem.message })
    }
  }
  const deleteItem = (stored: SalesItemOf<R>) =>
    remove.mutateAsync(stored.id).then(
      () => navigate(base),
      (e: unknown) => setMessage({ tone: 'error', text: saveProblem(e).message }),
    )
  const title = item ? titleOf(spec, item) : words.newOne
  const { Fields, Notes } = spec

  return (
    <>
      <p className="console-breadcrumb">
        <Link to={base}>{t('consoleSales.back')}</Link>
      </p>
      <h1>{title}</h1>
      {readOnly ? <p className="console-readonly">{t('consoleSales.notAllowed')}</p> : null}
      {item && Notes ? <Notes item={item} /> : null}
      <form
        className="console-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void submit({ ...spec.bodyOf(draft, isNew, context), ...(isNew ? { idempotency_key: actionKey } : {}) })
        }}
      >
        <fieldset className="console-fieldset" disabled={readOnly}>
          <legend>{spec.legend ? spec.legend(t) : title}</legend>
          <Fields form={form} item={item} />
        </fieldset>
        {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
        {readOnly ? null : (
          <div className="console-form__actions">
            <Button type="submit" disabled={save.isPending}>
              {isNew ? t('consoleSales.create') : t('consoleSales.save')}
            </Button>
            {item ? (
              <Button
                type="button"
                variant="secondary"
                disabled={save.isPending}
                onClick={() => void submit({ retired: !item.retired })}
              >
                {item.retired ? t('consoleSales.putBack') : t('consoleSales.retire')}
              </Button>
            ) : null}
            {item && spec.unused(item) && allowed(me, 'delete', spec.resource) && !confirming ? (
              <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
                {t('consoleSales.delete')}
              </Button>
            ) : null}
          </div>
        )}
      </form>
      {item && confirming ? (
        <fieldset className="console-inline-confirm">
          <legend>{t('consoleSales.deleteConfirm', { name: title })}</legend>
          <Button variant="danger" autoFocus disabled={remove.isPending} onClick={() => void deleteItem(item)}>
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

/** The price, the base price struck through when higher, and (for what is paid once) the service fee. */
export function PriceFields<Draft extends { price: string; base_price: string; service_fee: string }>({
  form,
  currency,
  fee = true,
}: {
  form: SalesForm<Draft>
  currency: string
  fee?: boolean
}) {
  const { t } = useTranslation()
  return (
    <div className="console-fieldset__row">
      <TextField
        label={t('consoleSales.price')}
        inputMode="decimal"
        hint={t('consoleSales.moneyHint', { currency })}
        {...form.bind('price')}
      />
      <TextField label={t('consoleSales.basePrice')} inputMode="decimal" {...form.bind('base_price')} />
      {fee ? (
        <TextField label={t('consoleSales.serviceFee')} inputMode="decimal" {...form.bind('service_fee')} />
      ) : null}
    </div>
  )
}

/** How a pass or bundle is shown: its image, what the page puts between (a pass's offer), its weight in the lists. */
export function ShownFields<Draft extends { image: string; weight: string }>({
  form,
  children,
}: {
  form: SalesForm<Draft>
  children?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <div className="console-fieldset__row">
      <TextField label={t('consoleSales.image')} type="url" {...form.bind('image')} />
      {children}
      <TextField label={t('consoleSales.weight')} type="number" {...form.bind('weight')} />
    </div>
  )
}

/** The name column of passes and bundles, the list's link. */
const nameColumn = (t: T): ListColumn => ({ key: 'name', header: t('consoleSales.name'), sortable: true })

/** The price column of passes and bundles, in the item's currency. */
const priceColumn = (t: T): ListColumn => ({
  key: 'price',
  header: t('consoleSales.price'),
  sortable: true,
  render: (row: Row) => <Money minor={Number(row.price)} currency={String(row.currency)} />,
})

/** An amount in minor units, written in the channel's language. */
export function Money({ minor, currency }: { minor: number; currency: string }) {
  return <>{useMoney()(minor, currency)}</>
}

/** How many have been sold. */
const soldColumn = (t: T): ListColumn => ({ key: 'sold', header: t('consoleSales.sold') })

/** The columns of a list of passes or bundles: the name (the link), what is the item's own, its price, how many sold. */
export const saleItemColumns = (t: T, own: ListColumn): ListColumn[] => [
  nameColumn(t),
  own,
  priceColumn(t),
  soldColumn(t),
]
