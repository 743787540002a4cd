import { useConsoleText } from '../words'
import { recentActions, type ViewAction } from './score-view'
import type { useScoreWords } from './score-words'

const RECENT = 6

/** The last actions, newest first: what was recorded, what is on its way, what waits on this phone. */
export function ScoreRecent({
  actions,
  describe,
}: {
  actions: readonly ViewAction[]
  describe: ReturnType<typeof useScoreWords>['describe']
}) {
  const t = useConsoleText()
  const recent = recentActions(actions, RECENT)
  return (
    <section className="score-panel" aria-labelledby="score-recent">
      <h2 id="score-recent">{t('score.recent.title')}</h2>
      {recent.length === 0 ? (
        <p>{t('score.recent.none')}</p>
      ) : (
        <ol className="score-recent" data-testid="score-recent">
          {recent.map(({ action, undone }) => (
            <li key={action.id} className={undone ? 'is-undone' : undefined}>
              <span className="score-recent__what">
                {describe(action, actions)}
                {undone ? ` (${t('score.recent.undone')})` : ''}
              </span>
              <span className={`score-recent__state is-${action.state}`}>{t(`score.recent.${action.state}`)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
