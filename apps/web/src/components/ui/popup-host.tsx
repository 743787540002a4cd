import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { usePopupStore } from '../../lib/notify/popup-store'
import { Button } from './button'
import './popup-host.css'

/** Shows the popup of the popup store in a modal dialog. */
export function PopupHost() {
  const { t } = useTranslation()
  const popup = usePopupStore((state) => state.popup)
  const close = usePopupStore((state) => state.close)
  const dialogRef = useRef<HTMLDialogElement>(null)

  // The native dialog must be opened imperatively to get its focus trap and Escape handling.
  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (popup && !dialog.open) dialog.showModal()
    if (!popup && dialog.open) dialog.close()
  }, [popup])

  const handleCancel = () => {
    popup?.cancel?.()
    close()
  }
  const handleOk = async () => {
    await popup?.ok?.()
    close()
  }

  const Content = popup?.component
  return (
    <dialog
      ref={dialogRef}
      className="popup"
      aria-label={popup?.title}
      onCancel={(event) => {
        event.preventDefault()
        handleCancel()
      }}
    >
      {Content ? (
        <>
          {popup.title ? <h2 className="popup__title">{popup.title}</h2> : null}
          <div className="popup__body">
            <Content close={close} />
          </div>
          <div className="popup__actions">
            {popup.cancel ? (
              <Button variant="secondary" onClick={handleCancel}>
                {t('common.cancel')}
              </Button>
            ) : null}
            <Button onClick={handleOk}>{popup.ok ? t('common.ok') : t('common.close')}</Button>
          </div>
        </>
      ) : null}
    </dialog>
  )
}
