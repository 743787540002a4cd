import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { RichText } from '../../components/ui/rich-text'
import { useEventCategories } from '../../lib/entities/catalogue/use-event-categories'
import { useParticipantGroups } from '../../lib/entities/catalogue/use-participant-groups'
import { useParticipants } from '../../lib/entities/catalogue/use-participants'
import { placeStaticBlocks } from '../../lib/entities/channel/static-blocks'
import { useStaticBlocks } from '../../lib/entities/channel/use-bootstrap'
import { useSettings } from '../../lib/entities/channel/use-settings'
import { useSlides } from '../../lib/entities/slides/use-slides'
import { filterParams } from '../../lib/navigation/filter-links'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { BrowseCatalogue } from './browse-catalogue'
import { HomeHero } from './home-hero'
import { HomeRails } from './home-rails'
import { SchoolView } from './school-view'
import { slideHref } from './slide-links'
import { SlidesCarousel } from './slides-carousel'
import { TeamView } from './team-view'
import './home-page.css'

/**
 * Home, or (spec §2 filter links) the page of the school or team named by `?school=` or `?team=`, by
 * alias or name. A team wins when both are given: it is the narrower of the two.
 */
export function HomePage() {
  const [searchParams] = useSearchParams()
  const team = searchParams.get(filterParams.team)?.trim()
  const school = searchParams.get(filterParams.school)?.trim()
  if (team) return <TeamView token={team} />
  if (school) return <SchoolView token={school} />
  return <DefaultHome />
}

function DefaultHome() {
  const { t } = useTranslation()
  const { name } = useSettings()
  const slides = useSlides()
  const categories = useEventCategories()
  const groups = useParticipantGroups()
  // Only team and division slides need the teams to find where they lead.
  const participants = useParticipants(null, {
    enabled: slides.some((slide) => slide.slidable_type === 'participant' || slide.slidable_type === 'category'),
  })
  const { intro, home: blocks } = placeStaticBlocks(useStaticBlocks())
  useDocumentTitle(t('home.title'))
  const linkedSlides = slides.map((slide) => ({
    ...slide,
    link: slideHref(slide, { categories, groups, participants: participants.data }),
  }))

  return (
    <div className="home container">
      <HomeHero intro={intro} media={linkedSlides.length > 0 ? <SlidesCarousel slides={linkedSlides} /> : null} />

      <HomeRails />

      <BrowseCatalogue />

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
