import { constants, type VodMedia } from '@fieldhouse/contract'
import { type CSSProperties, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { nextRailPosition } from '../../lib/entities/vod/vod-display'
import { VodCard } from './vod-card'
import './vod-rail.css'

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true

/** Spec §9: cards 280 to 380 px wide. */
const railStyle = {
  '--vod-card-min': `${constants.vodRailCardWidth.min}px`,
  '--vod-card-max': `${constants.vodRailCardWidth.max}px`,
} as CSSProperties

/**
 * A row of videos that moves on by one card every 5 s (spec §9 VOD rail scroll time). It stops while
 * the pointer is over it or focus is in it, for viewers who ask for less motion, and on the pause button
 * (WCAG 2.2.2); the arrows step by hand.
 */
export function VodRail({
  title,
  items,
  categoryName,
}: {
  title: string
  items: readonly VodMedia[]
  categoryName: (item: VodMedia) => string | undefined
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const trackRef = useRef<HTMLUListElement>(null)
  const [isHeld, setIsHeld] = useState(false)
  const [isPaused, setIsPaused] = useState(prefersReducedMotion)
  const isMoving = !isHeld && !isPaused && items.length > 1

  const step = (direction: 1 | -1) => {
    const track = trackRef.current
    if (!track) return
    const first = track.firstElementChild as HTMLElement | null
    const gap = Number.parseFloat(getComputedStyle(track).columnGap) || 0
    const width = (first?.getBoundingClientRect().width ?? track.clientWidth) + gap
    track.scrollTo({
      left: nextRailPosition(track, width, direction),
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    })
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: step reads the track through its ref
  useEffect(() => {
    if (!isMoving) return
    const timer = setInterval(() => {
      if (!document.hidden) step(1)
    }, constants.vodRailScrollMs)
    return () => clearInterval(timer)
  }, [isMoving])

  return (
    <section
      className="vod-rail"
      aria-labelledby={titleId}
      style={railStyle}
      onMouseEnter={() => setIsHeld(true)}
      onMouseLeave={() => setIsHeld(false)}
      onFocus={() => setIsHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsHeld(false)
      }}
    >
      <div className="vod-rail__head">
        <h2 id={titleId} className="vod-rail__title">
          {title}
        </h2>
        {items.length > 1 ? (
          <div className="vod-rail__controls">
            <button
              type="button"
              className="vod-rail__button"
              aria-label={isPaused ? t('vod.railPlay', { title }) : t('vod.railPause', { title })}
              onClick={() => setIsPaused((paused) => !paused)}
            >
              <span aria-hidden="true" className={isPaused ? 'vod-rail__play-icon' : 'vod-rail__pause-icon'} />
            </button>
            <button
              type="button"
              className="vod-rail__button"
              aria-label={t('vod.railBack', { title })}
              onClick={() => step(-1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="vod-rail__button"
              aria-label={t('vod.railForward', { title })}
              onClick={() => step(1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
        ) : null}
      </div>
      <ul ref={trackRef} className="plain-list scroll-rail vod-rail__track">
        {items.map((item) => (
          <li key={item.id} className="vod-rail__item">
            <VodCard item={item} categoryName={categoryName(item)} />
          </li>
        ))}
      </ul>
    </section>
  )
}
