import type { Slide } from '@fieldhouse/contract'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SmartLink } from '../../components/ui/smart-link'
import './slides-carousel.css'

/** How long a slide stays before the next one; long enough to read a title and a subtitle. */
const SLIDE_INTERVAL_MS = 6000

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true

export function SlidesCarousel({ slides }: { slides: readonly Slide[] }) {
  const { t } = useTranslation()
  const [index, setIndex] = useState(0)
  // Viewers who ask for less motion start paused; anyone can pause or resume (WCAG 2.2.2).
  const [isPaused, setIsPaused] = useState(prefersReducedMotion)
  const [isInteracting, setIsInteracting] = useState(false)
  const count = slides.length
  const current = count === 0 ? 0 : index % count
  const isRotating = count > 1 && !isPaused && !isInteracting

  // The timer restarts on every change of slide, so a manual step gets a full interval too.
  useEffect(() => {
    if (!isRotating) return
    const timer = setTimeout(() => setIndex((current + 1) % count), SLIDE_INTERVAL_MS)
    return () => clearTimeout(timer)
  }, [isRotating, current, count])

  if (count === 0) return null

  const handlePrevious = () => setIndex((current - 1 + count) % count)
  const handleNext = () => setIndex((current + 1) % count)
  const handlePauseToggle = () => setIsPaused((paused) => !paused)

  return (
    <section
      className="slides"
      data-testid="slides"
      aria-roledescription="carousel"
      aria-label={t('slides.label')}
      onMouseEnter={() => setIsInteracting(true)}
      onMouseLeave={() => setIsInteracting(false)}
      onFocus={() => setIsInteracting(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsInteracting(false)
      }}
    >
      <div className="slides__viewport" aria-live={isRotating ? 'off' : 'polite'}>
        {slides.map((slide, slideIndex) => {
          const isActive = slideIndex === current
          return (
            // The WAI-ARIA carousel pattern: each slide is a group with the "slide" role description.
            // biome-ignore lint/a11y/useSemanticElements: a fieldset would announce a form group, not a slide
            <div
              key={slide.id}
              className={`slide${isActive ? ' is-active' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={t('slides.slide', { index: slideIndex + 1, total: count })}
              aria-hidden={!isActive}
              inert={!isActive}
            >
              {slide.image ? (
                <img
                  className="slide__image"
                  src={slide.image}
                  alt=""
                  loading={slideIndex === 0 ? 'eager' : 'lazy'}
                  fetchPriority={slideIndex === 0 ? 'high' : 'auto'}
                />
              ) : (
                <div className="slide__image slide__image--empty" />
              )}
              <div className="slide__overlay">
                <h2 className="slide__title">{slide.title}</h2>
                {slide.subtitle ? <p className="slide__subtitle">{slide.subtitle}</p> : null}
                {slide.link ? (
                  <SmartLink href={slide.link} className="button button--primary slide__cta">
                    {t('slides.open')}
                    <span className="visually-hidden">: {slide.title}</span>
                  </SmartLink>
                ) : null}
              </div>
            </div>
          )
        })}
      </div>

      {count > 1 ? (
        <div className="slides__controls">
          <button type="button" className="slides__arrow" aria-label={t('slides.previous')} onClick={handlePrevious}>
            <span aria-hidden="true">‹</span>
          </button>
          <div className="slides__dots">
            {slides.map((slide, slideIndex) => (
              <button
                key={slide.id}
                type="button"
                className={`slides__dot${slideIndex === current ? ' is-active' : ''}`}
                aria-label={t('slides.goTo', { index: slideIndex + 1, total: count })}
                aria-current={slideIndex === current}
                onClick={() => setIndex(slideIndex)}
              />
            ))}
          </div>
          <button type="button" className="slides__arrow" aria-label={t('slides.next')} onClick={handleNext}>
            <span aria-hidden="true">›</span>
          </button>
          <button
            type="button"
            className="slides__pause"
            aria-label={isPaused ? t('slides.play') : t('slides.pause')}
            onClick={handlePauseToggle}
          >
            <span aria-hidden="true" className={isPaused ? 'slides__play-icon' : 'slides__pause-icon'} />
          </button>
        </div>
      ) : null}
    </section>
  )
}
