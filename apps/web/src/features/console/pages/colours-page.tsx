import {
  AdminColorSettingsUpdateSchema,
  defaultChannelColors,
  deriveTheme,
  describeAdjustments,
} from '@fieldhouse/contract'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { FormMessage } from '../../../components/ui/form-field'
import { PageLoader } from '../../../components/ui/spinner'
import { errorText, splitFieldErrors } from '../../../lib/api/error-text'
import { applyColorVariables } from '../../../lib/theme/color-variables'
import { allowed } from '../access'
import { useAdminItem, useAdminSingletonSave } from '../api/admin-api'
import { PageHead } from '../components/page-head'
import { SubmitActions } from '../components/submit-actions'
import { useOperator } from '../operator-context'
import { useConsoleText } from '../words'

type ColourName = keyof typeof defaultChannelColors

const names = Object.keys(defaultChannelColors) as ColourName[]
const isHex = (value: string) => /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(value)
const sixDigits = (value: string) =>
  /^#[0-9a-f]{3}$/i.test(value) ? `#${[...value.slice(1)].map((c) => c + c).join('')}` : value

/**
 * Writes the picked colours onto the preview's document as the same CSS variables the site sets from
 * its colour settings (`applyColorVariables`, the readable theme of decision 12), and records when it
 * did so: `data-preview-applied` holds the `performance.now()` of the change it answers, and the time
 * it took is kept on `window.__consolePreviewTimings` for the build report.
 */
function applyToPreview(frame: HTMLIFrameElement | null, colors: Record<string, string>, changedAt: number) {
  const root = frame?.contentDocument?.documentElement
  if (!root) return false
  applyColorVariables(colors, root, { preview: true })
  const took = performance.now() - changedAt
  root.dataset.previewApplied = String(Math.round(took * 10) / 10)
  const holder = window as unknown as { __consolePreviewTimings?: number[] }
  holder.__consolePreviewTimings = [...(holder.__consolePreviewTimings ?? []), took].slice(-200)
  return true
}

/** Colours, with the viewer's home page beside them repainting as each colour is picked. */
export default function ColoursPage() {
  const t = useConsoleText()
  const me = useOperator()
  const stored = useAdminItem('color-settings', null)
  const save = useAdminSingletonSave('color-settings')
  const readOnly = !allowed(me, 'update', 'color-settings')
  const [colors, setColors] = useState<Record<string, string> | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const frame = useRef<HTMLIFrameElement>(null)
  const id = useId()

  const storedColors = (stored.data?.colors ?? null) as Record<string, string> | null
  useEffect(() => {
    if (storedColors && colors === null) setColors({ ...defaultChannelColors, ...storedColors })
  }, [storedColors, colors])

  const valid = useMemo(
    () => Object.fromEntries(Object.entries(colors ?? {}).filter(([, value]) => isHex(value))),
    [colors],
  )
  // The preview is painted with the picked colours once they are known: when its page loads, or when the
  // stored colours arrive after it has loaded. Before that the site in it shows the saved ones itself.
  const known = colors !== null
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the colours first arrive; later changes paint as they are made
  useEffect(() => {
    if (known) applyToPreview(frame.current, valid, performance.now())
  }, [known])
  const adjustments = useMemo(() => describeAdjustments(deriveTheme(valid).adjustments), [valid])

  const change = (name: ColourName, value: string) => {
    const changedAt = performance.now()
    const next = { ...(colors ?? {}), [name]: value }
    setColors(next)
    setMessage(null)
    // Straight onto the preview's document: no render of ours, no message hop, in the same task.
    if (isHex(value))
      applyToPreview(frame.current, Object.fromEntries(Object.entries(next).filter(([, v]) => isHex(v))), changedAt)
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setMessage(null)
    const body: Record<string, string> = {}
    for (const name of names) {
      const value = colors?.[name]
      if (value && value !== storedColors?.[name]) body[name] = value
    }
    const checked = AdminColorSettingsUpdateSchema.safeParse(body)
    if (!checked.success) {
      const fieldErrors: Record<string, string> = {}
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? '')
        if (key) fieldErrors[key] = issue.message
      }
      setErrors(fieldErrors)
      if (Object.keys(fieldErrors).length === 0)
        setMessage({ tone: 'error', text: checked.error.issues[0]?.message ?? t('colours.nothingToSave') })
      return
    }
    setErrors({})
    try {
      await save.mutateAsync(checked.data)
      setMessage({ tone: 'success', text: t('colours.saved') })
    } catch (error) {
      const split = splitFieldErrors(error, names)
      setErrors(Object.fromEntries(split.fields))
      setMessage({ tone: 'error', text: split.other[0] ?? errorText(error) ?? t('colours.notSaved') })
    }
  }

  return (
    <>
      <PageHead title={t('colours.title')} lead={t('colours.lead')} />
      {stored.isPending || colors === null ? <PageLoader /> : null}
      {stored.isError ? (
        <FormMessage tone="error">{errorText(stored.error) ?? t('common.didNotLoad')}</FormMessage>
      ) : null}
      <div className="console-colours">
        {colors ? (
          <form className="console-form console-colours__form" noValidate onSubmit={submit}>
            {readOnly ? <p className="console-readonly">{t('common.readOnly')}</p> : null}
            {names.map((name) => {
              const value = colors[name] ?? ''
              const error = errors[name] ?? (value && !isHex(value) ? t('colours.notHex') : undefined)
              return (
                <div className="field console-colour" key={name}>
                  <label className="field__label" htmlFor={`${id}-${name}`}>
                    {t(`colours.names.${name}`)}
                  </label>
                  <span className="console-color">
                    <input
                      id={`${id}-${name}`}
                      type="color"
                      disabled={readOnly}
                      value={isHex(value) ? sixDigits(value).toLowerCase() : '#000000'}
                      onInput={(event) => change(name, (event.target as HTMLInputElement).value)}
                      onChange={(event) => change(name, event.target.value)}
                      aria-describedby={error ? `${id}-${name}-error` : undefined}
                    />
                    <input
                      type="text"
                      className="field__input"
                      aria-label={t('colours.hexValue', { name: t(`colours.names.${name}`) })}
                      disabled={readOnly}
                      value={value}
                      spellCheck={false}
                      aria-invalid={error ? true : undefined}
                      onChange={(event) => change(name, event.target.value.trim())}
                    />
                  </span>
                  {error ? (
                    <p className="field__error" id={`${id}-${name}-error`}>
                      {error}
                    </p>
                  ) : null}
                </div>
              )
            })}
            {adjustments.length > 0 ? (
              <div className="console-adjustments" role="status">
                <h2>{t('colours.adjusted')}</h2>
                <ul>
                  {adjustments.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
            {readOnly ? null : (
              <SubmitActions disabled={save.isPending}>
                {save.isPending ? t('common.saving') : t('colours.save')}
              </SubmitActions>
            )}
          </form>
        ) : null}
        <section className="console-preview" aria-labelledby={`${id}-preview`}>
          <h2 id={`${id}-preview`}>{t('colours.preview')}</h2>
          <iframe
            ref={frame}
            className="console-preview__frame"
            title={t('colours.previewTitle')}
            src="/?preview=colours"
            onLoad={() => {
              if (known) applyToPreview(frame.current, valid, performance.now())
            }}
          />
        </section>
      </div>
    </>
  )
}
