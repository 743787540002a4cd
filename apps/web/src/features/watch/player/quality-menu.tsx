import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PlayerIcon } from './player-icons'
import type { QualityOption } from './quality'

const menuItems = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]') ?? [])

/**
 * The quality menu (a menu button, WAI-ARIA pattern): Auto and each rendition, the chosen one checked.
 * Arrows, Home and End move through it, Escape closes it and gives focus back to the button.
 */
export function QualityMenu({
  options,
  selected,
  playingLabel,
  onSelect,
  onOpenChange,
}: {
  options: readonly QualityOption[]
  /** -1 for Auto. */
  selected: number
  /** What Auto is playing now, e.g. "720p". */
  playingLabel: string | null
  onSelect: (level: number) => void
  onOpenChange?: (open: boolean) => void
}) {
  const { t } = useTranslation()
  const menuId = useId()
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const autoLabel = playingLabel ? t('player.autoWith', { label: playingLabel }) : t('player.auto')
  const current =
    selected === -1 ? autoLabel : (options.find((option) => option.index === selected)?.label ?? autoLabel)

  const setMenuOpen = (next: boolean) => {
    setOpen(next)
    onOpenChange?.(next)
  }

  // On opening, focus goes to the checked item (a menu is entered at its current choice).
  useEffect(() => {
    if (!open) return
    const list = menuItems(menuRef.current)
    ;(list.find((item) => item.getAttribute('aria-checked') === 'true') ?? list[0])?.focus()
    const handlePointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) {
        setOpen(false)
        onOpenChange?.(false)
      }
    }
    document.addEventListener('pointerdown', handlePointerDown)
    return () => document.removeEventListener('pointerdown', handlePointerDown)
  }, [open, onOpenChange])

  const close = (focusButton: boolean) => {
    setMenuOpen(false)
    if (focusButton) buttonRef.current?.focus()
  }

  const handleMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = menuItems(menuRef.current)
    const index = list.indexOf(document.activeElement as HTMLButtonElement)
    const focusAt = (next: number) => list[(next + list.length) % list.length]?.focus()
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1)
        break
      case 'ArrowUp':
        focusAt(index - 1)
        break
      case 'Home':
        focusAt(0)
        break
      case 'End':
        focusAt(list.length - 1)
        break
      case 'Escape':
        close(true)
        break
      case 'Tab':
        setMenuOpen(false)
        return
      default:
        return
    }
    event.preventDefault()
    event.stopPropagation()
  }

  const choose = (level: number) => {
    onSelect(level)
    close(true)
  }

  return (
    <div className="player-quality">
      <button
        ref={buttonRef}
        type="button"
        className="player-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('player.qualityCurrent', { label: current })}
        data-testid="player-quality"
        onClick={() => setMenuOpen(!open)}
      >
        <PlayerIcon name="settings" />
      </button>
      {open ? (
        <div
          id={menuId}
          ref={menuRef}
          role="menu"
          aria-label={t('player.quality')}
          className="player-menu"
          onKeyDown={handleMenuKeyDown}
        >
          {[{ index: -1, label: autoLabel }, ...options].map((option) => (
            <button
              key={option.index}
              type="button"
              role="menuitemradio"
              aria-checked={selected === option.index}
              className="player-menu__item"
              tabIndex={-1}
              onClick={() => choose(option.index)}
            >
              {option.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}
