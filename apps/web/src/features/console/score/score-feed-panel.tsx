import { useState } from 'react'
import { allowed } from '../access'
import { useRotateScoreFeed, useScoreFeed } from '../api/use-scores'
import { Fact } from '../components/fact'
import { useOperator } from '../operator-context'
import { useConsoleText } from '../words'

/**
 * The signed score feed (owners and managers): where a scoreboard's bridge posts, the channel key it
 * names, and the secret it signs with — hidden until shown, rotated behind a confirmation.
 */
export function ScoreFeedPanel() {
  const t = useConsoleText()
  const me = useOperator()
  const feed = useScoreFeed()
  const rotate = useRotateScoreFeed()
  const [shown, setShown] = useState(false)
  const [confirm, setConfirm] = useState(false)
  const [note, setNote] = useState('')
  const mayRotate = allowed(me, 'update', 'score-feed')
  const data = feed.data

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      setNote(t('score.feed.copied'))
    } catch {
      setNote(t('score.feed.copyRefused'))
    }
  }
  const doRotate = async () => {
    try {
      await rotate.mutateAsync(undefined)
      setShown(true)
      setNote(t('score.feed.rotated'))
    } finally {
      setConfirm(false)
    }
  }

  return (
    <section className="console-card score-feed" aria-labelledby="score-feed">
      <h2 id="score-feed">{t('score.feed.title')}</h2>
      <p className="console-note">{t('score.feed.lead')}</p>
      {feed.isPending ? <p role="status">{t('common.loading')}</p> : null}
      {feed.isError || rotate.isError ? (
        <p role="alert" className="console-error">
          {t('score.feed.didNotLoad')}
        </p>
      ) : null}
      {data ? (
        <dl className="console-dl">
          <Fact term={t('score.feed.url')}>
            <code data-testid="score-feed-url">{data.url}</code>
            <button type="button" className="button button--secondary" onClick={() => void copy(data.url)}>
              {t('score.feed.copyUrl')}
            </button>
          </Fact>
          <Fact term={t('score.feed.channelKey')}>
            <code>{data.channel_key}</code>
            <button type="button" className="button button--secondary" onClick={() => void copy(data.channel_key)}>
              {t('score.feed.copyKey')}
            </button>
          </Fact>
          <Fact term={t('score.feed.secret')}>
            <code data-testid="score-feed-secret">{shown ? data.secret : t('score.feed.hidden')}</code>
            <button
              type="button"
              className="button button--secondary"
              aria-pressed={shown}
              onClick={() => setShown(!shown)}
            >
              {t(shown ? 'score.feed.hide' : 'score.feed.show')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => void copy(data.secret)}>
              {t('score.feed.copySecret')}
            </button>
            {mayRotate ? (
              <button type="button" className="button button--secondary" onClick={() => setConfirm(true)}>
                {t('score.feed.rotate')}
              </button>
            ) : null}
          </Fact>
        </dl>
      ) : null}
      {confirm ? (
        <div role="alertdialog" aria-labelledby="score-feed-confirm" className="console-confirm">
          <p id="score-feed-confirm">{t('score.feed.confirmRotate')}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void doRotate()}
            disabled={rotate.isPending}
          >
            {t('score.feed.rotate')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setConfirm(false)}>
            {t('common.cancel')}
          </button>
        </div>
      ) : null}
      <p role="status" aria-live="polite" className="console-note">
        {note}
      </p>
    </section>
  )
}
