import { useParams } from 'react-router'
import { PageRoutes } from '../components/page-routes'
import { ScoreList } from './score-list'
import { ScoringScreen } from './scoring-screen'
import './score.css'

/**
 * Score (Game day, decision 0057): `/admin/score` lists the games to keep score of, live first;
 * `/admin/score/:eventId` is a game's scoring screen. Taps are kept on the phone and sent when they can
 * be (`score-outbox.ts`).
 */
export default function ScorePage() {
  return <PageRoutes index={<ScoreList />} pages={{ ':eventId': <GameRoute /> }} />
}

function GameRoute() {
  const { eventId = '' } = useParams()
  const id = Number(eventId)
  if (!Number.isInteger(id) || id <= 0) return <ScoreList />
  // Keyed: another game is another screen (its sender, its fields).
  return <ScoringScreen key={id} eventId={id} />
}
