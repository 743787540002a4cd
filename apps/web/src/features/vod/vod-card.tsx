import type { VodMedia } from '@fieldhouse/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatDuration, formatVodDate, vodImage } from '../../lib/entities/vod/vod-display'
import { paths } from '../../lib/navigation/paths'
import './vod-card.css'

/** A video of the library; the whole card leads to its watch page (spec §2: a named route with an id). */
export function VodCard({ item, categoryName }: { item: VodMedia; categoryName?: string | undefined }) {
  const { t, i18n } = useTranslation()
  const image = vodImage(item)
  const duration = formatDuration(item.duration)
  const titleId = useId()
  const detailsId = useId()
  // The link is named by the title alone; the category, date and running time describe it.
  return (
    <article className="vod-card" aria-labelledby={titleId}>
      <Link
        className="vod-card__link"
        to={paths.watchLibrary(item.id)}
        aria-labelledby={titleId}
        aria-describedby={detailsId}
      >
        <div className="vod-card__media">
          {image ? <img className="vod-card__image" src={image} alt="" loading="lazy" /> : null}
          <span className="vod-card__duration" aria-hidden="true">
            {duration}
          </span>
        </div>
        <div className="vod-card__body">
          {categoryName ? <p className="vod-card__category">{categoryName}</p> : null}
          <h3 id={titleId} className="vod-card__title">
            {item.title}
          </h3>
          <p className="vod-card__date">
            <time dateTime={item.date}>{formatVodDate(item.date, i18n.language)}</time>
          </p>
          <p id={detailsId} className="visually-hidden">
            {[categoryName, formatVodDate(item.date, i18n.language), `${t('vod.duration')} ${duration}`]
              .filter(Boolean)
              .join(', ')}
          </p>
        </div>
      </Link>
    </article>
  )
}

export function VodCardSkeleton() {
  return (
    <div className="vod-card vod-card--skeleton" aria-hidden="true">
      <div className="vod-card__media skeleton" />
      <div className="vod-card__body">
        <span className="skeleton skeleton--title" style={{ width: '80%' }} />
        <span className="skeleton skeleton--line" style={{ width: '40%' }} />
      </div>
    </div>
  )
}
