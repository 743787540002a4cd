import { type ReactNode, type Ref, useId, useState } from 'react'
import {
  type Control,
  Controller,
  type ControllerRenderProps,
  type FieldErrors,
  type UseFormRegister,
  useWatch,
} from 'react-hook-form'
import { Button } from '../../../components/ui/button'
import { errorText } from '../../../lib/api/error-text'
import { useMessageText } from '../../../lib/i18n/message-text'
import { useAdminOptions } from '../api/admin-api'
import { useImageUpload } from '../api/use-image-upload'
import { type FieldConfig, type FormValues, timeZones } from '../fields'
import { useConsoleText } from '../words'
import { LabelledField } from './labelled-field'

const describedBy = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(' ') || undefined

/** A field error from react-hook-form's nested errors (e.g. `participants.root`). */
function errorOf(errors: FieldErrors<FormValues>, name: string): string | undefined {
  const entry = errors[name] as { message?: unknown; root?: { message?: unknown } } | undefined
  const message = entry?.message ?? entry?.root?.message
  return typeof message === 'string' ? message : undefined
}

export interface FieldControlProps {
  field: FieldConfig
  register: UseFormRegister<FormValues>
  control: Control<FormValues>
  errors: FieldErrors<FormValues>
  readOnly: boolean
}

/** One labelled control of a resource form; its hint and error are tied to it for screen readers. */
export function FieldControl({ field, register, control, errors, readOnly }: FieldControlProps) {
  const t = useConsoleText()
  const messageText = useMessageText()
  const id = useId()
  const found = errorOf(errors, field.name)
  // The contract's English messages in the channel's language (the spec's own words stay as they are).
  const error = found === undefined ? undefined : messageText(found)
  const hintId = field.hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const aria = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hintId, errorId),
  } as const
  const label = (
    <>
      {t(field.label)}
      {field.required ? <span aria-hidden="true"> *</span> : null}
    </>
  )
  const below = (
    <>
      {field.hint ? (
        <p id={hintId} className="field__hint">
          {t(field.hint)}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </>
  )

  if (field.kind === 'checkbox') {
    return (
      <div className="field field--checkbox">
        <div className="field__check">
          <input
            id={id}
            type="checkbox"
            className="field__checkbox"
            disabled={readOnly}
            {...aria}
            {...register(field.name)}
          />
          <label className="field__check-label" htmlFor={id}>
            {t(field.label)}
          </label>
        </div>
        {below}
      </div>
    )
  }

  if (field.kind === 'participants' || field.kind === 'references') {
    const Group = field.kind === 'participants' ? ParticipantsControl : ReferencesControl
    return <Group field={field} register={register} control={control} error={error} readOnly={readOnly} />
  }

  let control_: React.ReactNode
  const common = {
    id,
    className: 'field__input',
    disabled: readOnly,
    'aria-required': field.required ? true : undefined,
    ...aria,
  }
  switch (field.kind) {
    case 'textarea':
      control_ = <textarea rows={field.name === 'content' ? 10 : 4} {...common} {...register(field.name)} />
      break
    case 'select':
      control_ = (
        <select {...common} {...register(field.name)}>
          {field.required ? null : <option value="">{t('common.none')}</option>}
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {t(option.label)}
            </option>
          ))}
        </select>
      )
      break
    case 'reference':
      control_ = <ReferenceSelect field={field} common={common} register={register} />
      break
    case 'timezone':
      control_ = (
        <>
          <input list={`${id}-zones`} autoComplete="off" {...common} {...register(field.name)} />
          <datalist id={`${id}-zones`}>
            {timeZones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </>
      )
      break
    case 'color':
      control_ = <ColorInput field={field} control={control} common={common} />
      break
    case 'number':
      control_ = <input type="number" inputMode="numeric" {...common} {...register(field.name)} />
      break
    case 'money':
      control_ = <input type="text" inputMode="decimal" {...common} {...register(field.name)} />
      break
    case 'datetime':
      control_ = <input type="datetime-local" {...common} {...register(field.name)} />
      break
    case 'date':
      control_ = <input type="date" {...common} {...register(field.name)} />
      break
    case 'email':
      control_ = <input type="email" autoComplete="off" {...common} {...register(field.name)} />
      break
    case 'image':
      control_ = <ImageInput field={field} control={control} common={common} readOnly={readOnly} />
      break
    case 'images':
      control_ = <ImagesInput field={field} control={control} common={common} readOnly={readOnly} />
      break
    case 'list':
      control_ = <textarea rows={3} {...common} {...register(field.name)} />
      break
    default:
      control_ = <input type="text" {...common} {...register(field.name)} />
  }
  return (
    <LabelledField id={id} label={label}>
      {control_}
      {below}
    </LabelledField>
  )
}

type Common = Record<string, unknown> & { id: string }

function ReferenceSelect({
  field,
  common,
  register,
}: {
  field: FieldConfig
  common: Common
  register: UseFormRegister<FormValues>
}) {
  const t = useConsoleText()
  const options = useAdminOptions(field.resource ?? null)
  return (
    <select {...common} {...register(field.name)}>
      <option value="">{t('common.none')}</option>
      {options.data?.map((row) => (
        <option key={String(row.id)} value={String(row.id)}>
          {String(row.name ?? row.title ?? row.id)}
        </option>
      ))}
    </select>
  )
}

/** The text box of a controlled field: a colour's code, an image's address. */
function TextInput({
  input,
  common,
  placeholder,
}: {
  input: ControllerRenderProps<FormValues, string>
  common: Common
  placeholder: string
}) {
  return (
    <input
      type="text"
      placeholder={placeholder}
      {...common}
      value={String(input.value ?? '')}
      onChange={(event) => input.onChange(event.target.value)}
      onBlur={input.onBlur}
      ref={input.ref}
    />
  )
}

function ColorInput({ field, control, common }: { field: FieldConfig; control: Control<FormValues>; common: Common }) {
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: input }) => (
        <span className="console-color">
          <input
            type="color"
            aria-hidden="true"
            tabIndex={-1}
            disabled={Boolean(common.disabled)}
            value={/^#[0-9a-f]{6}$/i.test(String(input.value ?? '')) ? String(input.value) : '#000000'}
            onChange={(event) => input.onChange(event.target.value)}
          />
          <TextInput input={input} common={common} placeholder="#1e90ff" />
        </span>
      )}
    />
  )
}

/** An image field: its config, the form's control, the attributes every control takes, and whether it is read-only. */
interface ImageFieldProps {
  field: FieldConfig
  control: Control<FormValues>
  common: Common
  readOnly: boolean
}

function ImageInput({ field, control, common, readOnly }: ImageFieldProps) {
  const t = useConsoleText()
  const upload = useImageUpload()
  const fileId = `${common.id}-file`
  const [status, setStatus] = useState<string | null>(null)
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: input }) => (
        <div className="console-image">
          <TextInput input={input} common={common} placeholder={t('field.imageAddress')} />
          {readOnly ? null : (
            <ImageUploadButton id={fileId} upload={upload} onUploaded={input.onChange} onStatus={setStatus} />
          )}
          <UploadStatus status={status} />
          {input.value ? <img className="console-image__preview" src={String(input.value)} alt="" /> : null}
        </div>
      )}
    />
  )
}

/**
 * "Upload an image": a labelled file picker whose image goes up through `POST /api/admin/images`, saying
 * how it went through `onStatus`. `clearAfterPick` empties the picker so the same file can be picked again.
 */
function ImageUploadButton({
  id,
  describedBy,
  inputRef,
  clearAfterPick = false,
  upload,
  onUploaded,
  onStatus,
}: {
  id: string
  describedBy?: string | undefined
  inputRef?: Ref<HTMLInputElement>
  clearAfterPick?: boolean
  upload: ReturnType<typeof useImageUpload>
  onUploaded(url: string): void
  onStatus(status: string): void
}) {
  const t = useConsoleText()
  return (
    <>
      <label className="button button--secondary console-image__upload" htmlFor={id}>
        {t('field.uploadImage')}
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="visually-hidden"
        aria-describedby={describedBy}
        ref={inputRef}
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (clearAfterPick) event.target.value = ''
          if (!file) return
          onStatus(t('field.uploading'))
          upload.mutate(file, {
            onSuccess: (url) => {
              onUploaded(url)
              onStatus(t('field.uploaded'))
            },
            onError: (error) => onStatus(errorText(error) ?? t('field.uploadFailed')),
          })
        }}
      />
    </>
  )
}

/** What became of the last upload, read out by screen readers. */
function UploadStatus({ status }: { status: string | null }) {
  return status ? (
    <p className="field__hint" role="status">
      {status}
    </p>
  ) : null
}

/**
 * A team's or school's images: each uploaded through `POST /api/admin/images` (the same upload as a
 * logo or a slide), shown as a thumbnail with a Remove button. The form keeps them one address a line.
 */
function ImagesInput({ field, control, common, readOnly }: ImageFieldProps) {
  const t = useConsoleText()
  const upload = useImageUpload()
  const [status, setStatus] = useState<string | null>(null)
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: input }) => {
        const urls = String(input.value ?? '')
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
        const set = (next: string[]) => input.onChange(next.join('\n'))
        return (
          <div className="console-images">
            {urls.length === 0 ? <p className="field__hint">{t('field.noImage')}</p> : null}
            <ul className="console-images__list">
              {urls.map((url, index) => (
                <li key={url} className="console-images__item">
                  <img className="console-image__preview" src={url} alt="" />
                  {readOnly ? null : (
                    <Button
                      variant="secondary"
                      aria-label={t('field.removeImage', { number: index + 1 })}
                      onClick={() => {
                        set(urls.filter((_, i) => i !== index))
                        setStatus(t('field.imageRemoved', { number: index + 1 }))
                      }}
                    >
                      {t('common.remove')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {readOnly || urls.length >= 10 ? null : (
              <ImageUploadButton
                id={common.id}
                describedBy={common['aria-describedby'] as string | undefined}
                inputRef={input.ref}
                clearAfterPick
                upload={upload}
                onUploaded={(url) => set(urls.includes(url) ? urls : [...urls, url])}
                onStatus={setStatus}
              />
            )}
            <UploadStatus status={status} />
          </div>
        )
      }}
    />
  )
}

/** A field of several controls under one legend (the teams of a game, the rows of a resource). */
interface GroupControlProps {
  field: FieldConfig
  register: UseFormRegister<FormValues>
  control: Control<FormValues>
  error: string | undefined
  readOnly: boolean
}

function ParticipantsControl({ field, register, error, readOnly }: GroupControlProps) {
  const t = useConsoleText()
  const id = useId()
  const options = useAdminOptions(field.resource ?? 'participants')
  const sides = [
    ['away', t('field.awayTeam')],
    ['home', t('field.homeTeam')],
  ] as const
  return (
    <ChoiceFieldset id={id} label={t(field.label)} error={error}>
      {field.hint ? <p className="field__hint">{t(field.hint)}</p> : null}
      <div className="console-fieldset__row">
        {sides.map(([side, label]) => (
          <LabelledField key={side} id={`${id}-${side}`} label={label}>
            <select
              id={`${id}-${side}`}
              className="field__input"
              disabled={readOnly}
              {...register(`${field.name}.${side}`)}
            >
              <option value="">{t('common.none')}</option>
              {options.data?.map((row) => (
                <option key={String(row.id)} value={String(row.id)}>
                  {String(row.name ?? row.id)}
                </option>
              ))}
            </select>
          </LabelledField>
        ))}
      </div>
    </ChoiceFieldset>
  )
}

/** A group of controls under one label (a legend), its error below them. */
function ChoiceFieldset({
  id,
  label,
  error,
  children,
}: {
  id: string
  label: string
  error: string | undefined
  children: ReactNode
}) {
  return (
    <fieldset className="field console-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">{label}</legend>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

function ReferencesControl({ field, control, error, readOnly }: GroupControlProps) {
  const t = useConsoleText()
  const id = useId()
  const options = useAdminOptions(field.resource ?? null)
  const selected = (useWatch({ control, name: field.name }) as string[] | undefined) ?? []
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: input }) => (
        <ChoiceFieldset id={id} label={t(field.label)} error={error}>
          {options.data && options.data.length === 0 ? <p className="field__hint">{t('field.noChoices')}</p> : null}
          <div className="console-checks">
            {options.data?.map((row) => {
              const value = String(row.id)
              const checked = selected.includes(value)
              return (
                <div className="field__check" key={value}>
                  <input
                    id={`${id}-${value}`}
                    type="checkbox"
                    className="field__checkbox"
                    disabled={readOnly}
                    checked={checked}
                    onChange={() =>
                      input.onChange(checked ? selected.filter((item) => item !== value) : [...selected, value])
                    }
                  />
                  <label className="field__check-label" htmlFor={`${id}-${value}`}>
                    {String(row.name ?? row.title ?? row.id)}
                  </label>
                </div>
              )
            })}
          </div>
        </ChoiceFieldset>
      )}
    />
  )
}
