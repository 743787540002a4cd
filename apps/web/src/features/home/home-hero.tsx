import type { StaticBlock } from '@fieldhouse/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../components/ui/button'
import { contentToText } from '../../lib/content/parse-content'
import { useSettings } from '../../lib/entities/channel/use-settings'
import { useHomepageEvents } from '../../lib/entities/events/use-homepage-events'
import { paths } from '../../lib/navigation/paths'

/**
 * The channel's welcome and the two ways in (live now, the schedule). The words are the channel's own
 * `home_intro` block when it has one, ours otherwise.
 */
export function HomeHero({ intro, media }: { intro: StaticBlock | undefined; media: ReactNode }) {
  const { t } = useTranslation()
  const { name } = useSettings()
  const title = intro?.title ?? t('home.heroTitle')
  const lead = intro ? contentToText(intro.content) : t('home.heroText', { name })
  // "Watch live" only while something is (kept while the answer is on its way: no jump when it is).
  const homepage = useHomepageEvents()
  const nothingLive = homepage.data !== undefined && homepage.data.live.length === 0

  return (
    <section className={`home-hero${media ? ' home-hero--with-media' : ''}`} aria-labelledby="home-hero-title">
      <div className="home-hero__text">
        <p className="eyebrow">{t('home.heroEyebrow')}</p>
        <h1 id="home-hero-title" className="home-hero__title">
          {title}
        </h1>
        <p className="home-hero__lead">{lead}</p>
        <div className="home-hero__actions">
          {nothingLive ? null : (
            <ButtonLink to={paths.live} size="lg">
              <span className="home-hero__live-dot" aria-hidden="true" />
              {t('home.watchLive')}
            </ButtonLink>
          )}
          <ButtonLink to={paths.schedule} size="lg" variant={nothingLive ? 'primary' : 'secondary'}>
            {t('home.seeSchedule')}
          </ButtonLink>
        </div>
      </div>
      {media ? <div className="home-hero__media">{media}</div> : null}
    </section>
  )
}
