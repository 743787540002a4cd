import { useTranslation } from 'react-i18next'
import { RichText } from '../../components/ui/rich-text'
import { useStaticBlocks } from '../channel/api/use-bootstrap'
import { useSettings } from '../channel/api/use-settings'
import { placeStaticBlocks } from '../channel/static-blocks'
import { useDocumentTitle } from '../channel/use-document-title'
import { useSlides } from './api/use-slides'
import { HomeHero } from './home-hero'
import { SlidesCarousel } from './slides-carousel'
import './home-page.css'

export function HomePage() {
  const { t } = useTranslation()
  const { name } = useSettings()
  const slides = useSlides()
  const { intro, home: blocks } = placeStaticBlocks(useStaticBlocks())
  useDocumentTitle(t('home.title'))

  return (
    <div className="home container">
      <HomeHero intro={intro} media={slides.length > 0 ? <SlidesCarousel slides={slides} /> : null} />

      {/* Event rails (live now, upcoming, replays, favourites) slot in here, between the hero and the blocks. */}

      {blocks.length > 0 ? (
        <section className="home-blocks" aria-labelledby="home-blocks-title">
          <h2 id="home-blocks-title" className="home-section-title">
            {t('home.moreFromChannel', { name })}
          </h2>
          <div className="home-blocks__grid">
            {blocks.map((block) => (
              <article key={block.id} className="home-block card">
                <h3 className="home-block__title">{block.title}</h3>
                <RichText source={block.content} />
              </article>
            ))}
          </div>
        </section>
      ) : null}
    </div>
  )
}
