import { useConsoleText } from '../words'
import type { KeyBinding } from './score-view'
import type { useScoreWords } from './score-words'

/** The keyboard's map of this game's sport, under a disclosure (a phone has no keyboard to show it for). */
export function ScoreShortcuts({
  bindings,
  words,
}: {
  bindings: readonly KeyBinding[]
  words: ReturnType<typeof useScoreWords>
}) {
  const t = useConsoleText()
  const { sport, teamName, scoringLabel } = words
  const does = ({ command }: KeyBinding): string => {
    switch (command.kind) {
      case 'score': {
        const rule = sport.scoring.find((r) => r.id === command.scoring)
        return t('score.add', {
          team: teamName(command.side),
          points: rule?.points ?? '',
          label: scoringLabel(command.scoring),
        })
      }
      case 'undo':
        return t('score.undo')
      case 'tags':
        return t('score.shortcuts.tags')
      case 'period':
        return t(command.step === 1 ? 'score.nextPeriod' : 'score.previousPeriod')
      case 'clock':
        return t('score.shortcuts.clock')
    }
  }
  return (
    <details className="score-panel score-details">
      <summary>{t('score.shortcuts.title')}</summary>
      <table className="score-keys">
        <thead>
          <tr>
            <th scope="col">{t('score.shortcuts.key')}</th>
            <th scope="col">{t('score.shortcuts.does')}</th>
          </tr>
        </thead>
        <tbody>
          {bindings.map((binding) => (
            <tr key={binding.key}>
              <td>
                <kbd>{binding.key}</kbd>
              </td>
              <td>{does(binding)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="console-note">{t('score.shortcuts.off')}</p>
    </details>
  )
}
