import { ToastType } from '@fieldhouse/contract'
import { useIsMutating } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { type FavoriteTarget, findFavorite } from '../../lib/entities/favorites/favorite-list'
import { FavoriteRefused } from '../../lib/entities/favorites/favorite-request'
import { favoriteMutationKey } from '../../lib/entities/favorites/query-keys'
import { useAddFavorite } from '../../lib/entities/favorites/use-add-favorite'
import { useFavorites } from '../../lib/entities/favorites/use-favorites'
import { useRemoveFavorite } from '../../lib/entities/favorites/use-remove-favorite'
import { useMessageText } from '../../lib/i18n/message-text'
import { paths } from '../../lib/navigation/paths'
import { showToast } from '../../lib/notify/toast-store'
import { useAppStore } from '../../lib/store/app-store'
import './favorite-toggle.css'

export function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg className="star-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/**
 * A star that marks a team, school or sport as a favourite (spec §1, §5): a toggle button whose name
 * ("Favourite <name>") stays the same and whose pressed state (and filled star) says whether it is one. Anonymous viewers are taken to sign in
 * and come back to this page (it is remembered as the last page), where they press it again.
 */
export function FavoriteToggle({
  target,
  variant = 'button',
  className,
}: {
  target: FavoriteTarget
  /** `button`: star and word; `icon`: the star alone (its name is still spoken). */
  variant?: 'button' | 'icon'
  className?: string
}) {
  const { t } = useTranslation()
  const messageText = useMessageText()
  const navigate = useNavigate()
  const isSignedIn = useAppStore((state) => state.user !== null)
  const favorites = useFavorites()
  const add = useAddFavorite(target)
  const remove = useRemoveFavorite(target)
  const isBusy = useIsMutating({ mutationKey: favoriteMutationKey(target.type, target.id) }) > 0
  const current = findFavorite(favorites.data, target.type, target.id)
  const isPressed = isSignedIn && current !== undefined
  const label = t('favorites.toggle', { name: target.name })

  const handleClick = () => {
    if (!isSignedIn) {
      showToast({ text: t('favorites.signInFirst') })
      void navigate(paths.login)
      return
    }
    // One change at a time per favourite; the star already shows where it is heading.
    if (isBusy || favorites.isPending) return
    const onError = (error: Error) =>
      showToast({
        type: ToastType.error,
        text:
          error instanceof FavoriteRefused ? messageText(error.message) : t('favorites.failed', { name: target.name }),
      })
    if (current) remove.mutate(current, { onError })
    else add.mutate(undefined, { onError })
  }

  return (
    <button
      type="button"
      className={['favorite-toggle', `favorite-toggle--${variant}`, isPressed ? 'is-pressed' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      aria-pressed={isPressed}
      aria-label={label}
      aria-busy={isBusy || undefined}
      title={variant === 'icon' ? label : undefined}
      onClick={handleClick}
    >
      <StarIcon filled={isPressed} />
      {variant === 'button' ? <span aria-hidden="true">{t('favorites.favourite')}</span> : null}
    </button>
  )
}
