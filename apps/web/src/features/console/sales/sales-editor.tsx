import type { ComponentType, ReactNode } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Route, Routes, useNavigate, useParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { FormMessage } from '../../../components/ui/form-field'
import { PageLoader } from '../../../components/ui/spinner'
import { errorText } from '../../../lib/api/error-text'
import { type AdminResource, allowed } from '../access'
import { useAdminDelete, useAdminItem, useAdminSave } from '../api/admin-api'
import { useOperator } from '../operator-context'
import { saveProblem } from './sales-fields'

type SalesResource = Extract<AdminResource, 'passes' | 'bundles' | 'coupons'>

/** What the sales editors show and keep: a pass, a bundle or a coupon, each with its list at `base`. */
export interface SalesItem {
  id: number
  retired: boolean
}

type EditorComponent = ComponentType<{ id: string | null }>

/** A sales resource's pages: its list, a new item, and an item's editor (a fresh one for each item). */
export function SalesRoutes({ list, editor: Editor }: { list: ReactNode; editor: EditorComponent }) {
  return (
    <Routes>
      <Route index element={list} />
      <Route path="new" element={<Editor id={null} />} />
      <Route path=":id" element={<EditRoute editor={Editor} />} />
    </Routes>
  )
}

function EditRoute({ editor: Editor }: { editor: EditorComponent }) {
  const { id = '' } = useParams()
  return <Editor key={id} id={id} />
}

/** Loads the item an editor opens (none for a new one), then renders its form. */
export function SalesItemLoader<T>({
  resource,
  id,
  children,
}: {
  resource: SalesResource
  id: string | null
  children: (item: T | undefined) => ReactNode
}) {
  const isNew = id === null
  const item = useAdminItem(resource, id, !isNew)
  if (!isNew && item.isPending) return <PageLoader />
  if (!isNew && item.isError) return <FormMessage tone="error">{errorText(item.error) ?? ''}</FormMessage>
  return children(item.data as T | undefined)
}

/**
 * The state every sales editor keeps: the draft, the fields' errors, the form's message, the
 * delete confirmation, and one key per console action, so a create sent twice (a double click, a
 * retry) makes one item. A new item, once created, goes back to the list.
 */
export function useSalesEditor<Draft extends object>(
  resource: SalesResource,
  id: string | null,
  base: string,
  initial: () => Draft,
) {
  const { t } = useTranslation()
  const me = useOperator()
  const navigate = useNavigate()
  const isNew = id === null
  const [draft, setDraft] = useState<Draft>(initial)
  const [actionKey] = useState(() => crypto.randomUUID())
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const [confirming, setConfirming] = useState(false)
  const save = useAdminSave(resource)
  const remove = useAdminDelete(resource)

  const submit = async (values: Record<string, unknown>) => {
    setErrors({})
    setMessage(null)
    try {
      await save.mutateAsync({ id, values })
      if (isNew) await navigate(base)
      else setMessage({ tone: 'success', text: t('consoleSales.saved') })
    } catch (e) {
      const problem = saveProblem(e)
      setErrors(problem.fields)
      setMessage({ tone: 'error', text: problem.message })
    }
  }

  return {
    resource,
    base,
    isNew,
    readOnly: !allowed(me, isNew ? 'create' : 'update', resource),
    mayDelete: allowed(me, 'delete', resource),
    draft,
    set: <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v })),
    errors,
    /** Sends the form: a new item carries the action's key. */
    submitDraft: (body: Record<string, unknown>) =>
      submit({ ...body, ...(isNew ? { idempotency_key: actionKey } : {}) }),
    submit,
    saving: save.isPending,
    message,
    confirming,
    setConfirming,
    deleting: remove.isPending,
    deleteItem: (item: SalesItem) =>
      remove.mutateAsync(item.id).then(
        () => navigate(base),
        (e: unknown) => setMessage({ tone: 'error', text: saveProblem(e).message }),
      ),
  }
}

/** What the editor's shared parts read: everything but the draft, whose type is each editor's own. */
export type SalesEditor = Omit<ReturnType<typeof useSalesEditor>, 'draft' | 'set'>

/** The way back to the list, the editor's heading, and why its fields cannot be changed. */
export function SalesEditorHead({ editor, title }: { editor: SalesEditor; title: ReactNode }) {
  const { t } = useTranslation()
  return (
    <>
      <p className="console-breadcrumb">
        <Link to={editor.base}>{t('consoleSales.back')}</Link>
      </p>
      <h1>{title}</h1>
      {editor.readOnly ? <p className="console-readonly">{t('consoleSales.notAllowed')}</p> : null}
    </>
  )
}

/**
 * The form's message and buttons: create or save, retire or put back, and delete while nothing has
 * been sold or redeemed (`unused`); what has been is retired instead, and keeps its history.
 */
export function SalesFormActions({
  editor,
  item,
  unused,
}: {
  editor: SalesEditor
  item: SalesItem | undefined
  unused: boolean
}) {
  const { t } = useTranslation()
  return (
    <>
      {editor.message ? <FormMessage tone={editor.message.tone}>{editor.message.text}</FormMessage> : null}
      {editor.readOnly ? null : (
        <div className="console-form__actions">
          <Button type="submit" disabled={editor.saving}>
            {editor.isNew ? t('consoleSales.create') : t('consoleSales.save')}
          </Button>
          {item ? (
            <Button
              type="button"
              variant="secondary"
              disabled={editor.saving}
              onClick={() => void editor.submit({ retired: !item.retired })}
            >
              {item.retired ? t('consoleSales.putBack') : t('consoleSales.retire')}
            </Button>
          ) : null}
          {item && unused && editor.mayDelete && !editor.confirming ? (
            <Button type="button" variant="danger" onClick={() => editor.setConfirming(true)}>
              {t('consoleSales.delete')}
            </Button>
          ) : null}
        </div>
      )}
    </>
  )
}

/** The delete's confirmation, below the form: delete for good, or keep it. */
export function SalesDeleteConfirm({
  editor,
  item,
  name,
}: {
  editor: SalesEditor
  item: SalesItem | undefined
  name: string
}) {
  const { t } = useTranslation()
  if (!item || !editor.confirming) return null
  return (
    <fieldset className="console-inline-confirm">
      <legend>{t('consoleSales.deleteConfirm', { name })}</legend>
      <Button variant="danger" autoFocus disabled={editor.deleting} onClick={() => void editor.deleteItem(item)}>
        {t('consoleSales.deleteForGood')}
      </Button>
      <Button variant="secondary" onClick={() => editor.setConfirming(false)}>
        {t('consoleSales.keep')}
      </Button>
    </fieldset>
  )
}
