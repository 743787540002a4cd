import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { PlayerIcon, type PlayerIconName } from './player-icons'

const menuItems = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]') ?? [])

export interface MenuOption {
  value: number
  label: string
}

/**
 * A menu of the player (a menu button, WAI-ARIA pattern): quality, captions. The chosen option is
 * checked. Arrows, Home and End move through it, Escape closes it and gives focus back to the button.
 */
export function PlayerMenu({
  icon,
  buttonLabel,
  menuLabel,
  testId,
  options,
  selected,
  onSelect,
  onOpenChange,
}: {
  icon: PlayerIconName
  /** The button's name, saying the current choice ("Quality: 720p"). */
  buttonLabel: string
  menuLabel: string
  testId: string
  options: readonly MenuOption[]
  selected: number
  onSelect: (value: number) => void
  onOpenChange?: ((open: boolean) => void) | undefined
}) {
  const menuId = useId()
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)

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

  const choose = (value: number) => {
    onSelect(value)
    close(true)
  }

  return (
    <div className="player-menu-button">
      <button
        ref={buttonRef}
        type="button"
        className="player-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={buttonLabel}
        data-testid={testId}
        onClick={() => setMenuOpen(!open)}
      >
        <PlayerIcon name={icon} />
      </button>
      {open ? (
        <div
          id={menuId}
          ref={menuRef}
          role="menu"
          aria-label={menuLabel}
          className="player-menu"
          onKeyDown={handleMenuKeyDown}
        >
          {options.map((option) => (
            <button
              key={option.value}
              type="button"
              role="menuitemradio"
              aria-checked={selected === option.value}
              className="player-menu__item"
              tabIndex={-1}
              onClick={() => choose(option.value)}
            >
              {option.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}
