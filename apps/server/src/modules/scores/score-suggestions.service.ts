import type { ScoreBoard, ScoreSuggestionDecision } from '@fieldhouse/contract'
import { conflict, invalid, notFound } from '../../lib/errors.js'
import type { AuditSink, Operator } from '../../lib/operator.js'
import type { ScoresRepository } from './scores.repository.js'
import type { ScoresService } from './scores.service.js'
import { suggestionActionId } from './suggestion-action-id.js'

/** A cheer within this many ms of one already suggested for the game is the same play. */
export const SUGGESTION_MERGE_MS = 10_000

/** A cheer heard in a live game (the live module's crowd listener): its moment on the stream's clock. */
export interface Cheer {
  eventId: number
  channelId: number
  at: number
  riseLu: number
}

const decidedAlready = {
  accepted: 'This play is a key play already.',
  dismissed: 'This play was dismissed already.',
}

/**
 * The plays a scorer may have missed (decision 0057): each cheer heard in a broadcast's sound becomes
 * an open suggestion on the game's board, which the scorer takes as a key play (a tag action at its
 * moment, recorded as any other batch) or dismisses. Viewers see nothing of a suggestion until then.
 */
export class ScoreSuggestionsService {
  constructor(
    private readonly d: {
      repo: ScoresRepository
      scores: ScoresService
      clock: () => number
      audit: AuditSink
    },
  ) {}

  /**
   * Records a heard cheer as an open suggestion; none for a game that is final, for an event that is
   * not the channel's, or within 10 s of one the game has (the same play, heard again). Its id, or null.
   */
  async suggest(cheer: Cheer): Promise<number | null> {
    const { repo } = this.d
    const event = await repo.event(cheer.channelId, cheer.eventId)
    if (!event) return null
    const game = await repo.game(event.id)
    if (game?.status === 'final') return null
    const at = Math.round(cheer.at)
    if (await repo.suggestedBetween(event.id, at - SUGGESTION_MERGE_MS, at + SUGGESTION_MERGE_MS)) return null
    return repo.insertSuggestion({
      ...{ channel_id: event.channel_id, event_id: event.id, stream_ms: at, rise_lu: cheer.riseLu },
      ...{ status: 'open', action_uid: null, created_at: this.d.clock(), decided_at: null },
    })
  }

  /**
   * `POST /api/admin/scores/{event}/suggestions/{suggestion}`: accept records a tag action at the
   * suggestion's moment (the given tag, else the sport's first), through the scorer's recording path;
   * dismiss closes it. Another game's or channel's suggestion is not found; a decided one is 409.
   */
  async decide(
    op: Operator,
    eventId: number,
    suggestionId: number,
    body: ScoreSuggestionDecision,
  ): Promise<ScoreBoard> {
    const { repo, scores } = this.d
    const channelId = op.session.channel.id
    const event = await scores.eventOf(op, eventId)
    const suggestion = await repo.suggestion(channelId, eventId, suggestionId)
    if (!suggestion) throw notFound('suggestion')
    if (suggestion.status !== 'open') throw conflict(decidedAlready[suggestion.status])
    if (body.decision === 'dismiss') {
      if (!(await repo.dismissSuggestion(eventId, suggestionId, this.d.clock())))
        throw conflict(decidedAlready.dismissed)
      await this.d.audit(op, {
        action: 'dismiss',
        resource: 'scores',
        resourceId: eventId,
        after: { suggestion: suggestionId },
      })
      return scores.board(op, eventId)
    }
    const facts = await scores.facts(event, await repo.game(eventId))
    const tag = body.tag ? facts.tags.find((t) => t.toLowerCase() === body.tag?.toLowerCase()) : facts.tags[0]
    if (!tag)
      throw invalid({
        tag: [
          body.tag
            ? `Choose one of the channel's clip tags for ${facts.sport.name}`
            : `Add a clip tag for ${facts.sport.name} to mark key plays`,
        ],
      })
    const uid = suggestionActionId(eventId, suggestionId)
    const now = this.d.clock()
    await scores.recordIn(
      channelId,
      eventId,
      { sent_at: now, actions: [{ id: uid, at: now, type: 'tag', tag }] },
      {
        source: 'suggestion',
        operator: op,
        // Marked in the action's transaction: of two accepting at once, one records it, the other is told.
        inside: async (w) => {
          const decision = { status: 'accepted', action_uid: uid, decided_at: now } as const
          if (!(await w.decideSuggestion(suggestionId, decision))) throw conflict(decidedAlready.accepted)
          // Served at stream_ms + offset: the moment itself.
          return { streamMs: suggestion.stream_ms - w.game.offset_ms }
        },
      },
    )
    return scores.board(op, eventId)
  }
}
