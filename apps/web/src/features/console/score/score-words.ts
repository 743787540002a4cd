import { formatGameClock, periodLabel, type ScoreSide, type ScoreTimeline, sportOf } from '@fieldhouse/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { type ConsoleKey, useConsoleText } from '../words'
import type { ViewAction } from './score-view'

/**
 * The scoring screen's words for one game: its sport's names in the console's language (the contract's
 * English names when a sport or a way of scoring has no words yet), the teams, and each action told in a
 * line ("Lions +3 (3 points)", "Period: Q2", "Undo: Bears +1 (Free throw)").
 */
export function useScoreWords(timeline: Pick<ScoreTimeline, 'sport' | 'home' | 'away'>) {
  const t = useConsoleText()
  const { i18n } = useTranslation()
  const { sport: alias, home, away } = timeline
  return useMemo(() => {
    const sport = sportOf(alias)
    const teams = { home, away }
    const known = (key: string): key is ConsoleKey => i18n.exists(`console.${key}`)
    const sportName = (name: string) => {
      const key = `score.sports.${name}`
      return known(key) ? t(key) : sportOf(name).name
    }
    const scoringLabel = (id: string | null) => {
      const key = `score.scoring.${id}`
      if (known(key)) return t(key)
      return sport.scoring.find((rule) => rule.id === id)?.label ?? id ?? ''
    }
    const teamName = (side: ScoreSide) => teams[side].name || t(`score.teams.${side}`)
    const period = (value: number) => (value < 1 ? t('score.notStarted') : periodLabel(sport, value))
    const clock = (ms: number) => formatGameClock(ms, sport.clock?.direction ?? 'down')
    const describe = (action: ViewAction, all: readonly ViewAction[]): string => {
      switch (action.type) {
        case 'score':
          return t('score.add', {
            team: action.side ? teamName(action.side) : '',
            points: action.points ?? '?',
            label: scoringLabel(action.scoring),
          })
        case 'period':
          return t('score.describe.period', { period: period(action.period ?? 0) })
        case 'clock':
          return t(action.running ? 'score.describe.clockStart' : 'score.describe.clockStop', {
            clock: clock(action.clock_ms ?? 0),
          })
        case 'tag':
          return t('score.describe.tag', { tag: action.tag ?? '' })
        case 'undo': {
          const target = all.find((other) => other.id === action.target)
          return target && target.type !== 'undo'
            ? t('score.describe.undo', { what: describe(target, all) })
            : t('score.describe.undoOther')
        }
        case 'final':
          return t('score.describe.final')
      }
    }
    return { t, sport, sportName, scoringLabel, teamName, period, clock, describe }
  }, [t, i18n, alias, home, away])
}
