import { useTranslation } from 'react-i18next'
import { useToastStore } from '../../lib/notify/toast-store'
import './toast-viewport.css'

export function ToastViewport() {
  const { t } = useTranslation()
  const toasts = useToastStore((state) => state.toasts)
  const dismiss = useToastStore((state) => state.dismiss)
  return (
    <section className="toast-viewport" aria-label={t('common.notifications')}>
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'}>
          <p className="toast__text">{toast.text}</p>
          <button
            type="button"
            className="toast__close"
            aria-label={t('common.dismiss')}
            onClick={() => dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  )
}
