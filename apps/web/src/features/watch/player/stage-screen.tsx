import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button, ButtonLink } from '../../../components/ui/button'
import { paths } from '../../../lib/navigation/paths'
import { OtherStreams } from '../streams/other-streams'
import { countdownClock, countdownParts } from './countdown'
import type { AccessNeed, WatchScreen } from './watch-screen'
import './player.css'

export type StageScreenKind = Exclude<WatchScreen, { kind: 'player' }>

/**
 * The player area for every state without video to play: a 16:9 panel over the poster with what is
 * going on and what the viewer can do about it.
 */
export function StageScreen({
  screen,
  poster,
  startsAtText,
  offers,
  passesHref = paths.packages,
  fullPageHref,
  siteName,
  onRetry,
  onCountdownDone,
}: {
  screen: StageScreenKind
  poster: string | null
  /** The start as the event's page writes it, e.g. "Sat, Nov 21 · 9:00 PM MST". */
  startsAtText?: string
  /** The passes that unlock this (shown with the sign-in and pass actions); the packages link stays. */
  offers?: ReactNode
  /** Where "See passes" leads (the packages page, showing this event's passes first). */
  passesHref?: string
  /** Embedded: every action opens the full watch page in a new tab (the embed's storage is not the site's). */
  fullPageHref?: string | null
  siteName: string
  onRetry: () => void
  onCountdownDone: () => void
}) {
  const { t } = useTranslation()
  const openFullPage = fullPageHref ? (
    <ButtonLink to={fullPageHref} target="_blank" rel="noopener" data-testid="watch-open-full">
      {t('watch.openOn', { name: siteName })}
      <span className="visually-hidden"> ({t('common.external')})</span>
    </ButtonLink>
  ) : null

  const needActions = (need: AccessNeed) => {
    if (need === null) return null
    if (openFullPage) return openFullPage
    return (
      <>
        {offers}
        {need === 'sign_in' ? <SignInActions /> : <ButtonLink to={passesHref}>{t('watch.seePasses')}</ButtonLink>}
      </>
    )
  }

  const body = (): { title: string; text?: ReactNode; block?: ReactNode; actions?: ReactNode; tone?: 'alert' } => {
    switch (screen.kind) {
      case 'upcoming':
        return {
          title: t('watch.upcomingTitle'),
          text: (
            <>
              <Countdown startsAt={screen.startsAt} onDone={onCountdownDone} />
              {startsAtText ? <span className="stage__when">{startsAtText}</span> : null}
              {screen.need ? <span>{t(screen.need === 'sign_in' ? 'watch.needSignIn' : 'watch.needPass')}</span> : null}
            </>
          ),
          actions: needActions(screen.need),
        }
      case 'starting':
        return {
          // Marked live (the LIVE badge shows beside it): say so, not "starting soon".
          title: t(screen.live ? 'watch.liveWaitingTitle' : 'watch.startingTitle'),
          text: (
            <>
              <span>{t(screen.live ? 'watch.liveWaitingText' : 'watch.startingText')}</span>
              {screen.need ? <span>{t(screen.need === 'sign_in' ? 'watch.needSignIn' : 'watch.needPass')}</span> : null}
            </>
          ),
          actions: needActions(screen.need),
        }
      case 'processing':
        return {
          title: t('watch.processingTitle'),
          text: (
            <>
              <span>{t('watch.processingText')}</span>
              {screen.progress !== null ? (
                <ProgressBar value={screen.progress} label={t('watch.processingProgress')} />
              ) : null}
            </>
          ),
        }
      case 'sign_in':
        return {
          title: t('watch.signInTitle'),
          text: t('watch.signInText'),
          actions: openFullPage ?? (
            <>
              {offers}
              <SignInActions />
            </>
          ),
        }
      case 'no_access':
        return {
          title: t('watch.noAccessTitle'),
          text: t('watch.noAccessText'),
          actions: openFullPage ?? (
            <>
              {offers}
              <ButtonLink to={passesHref} data-testid="watch-see-passes">
                {t('watch.seePasses')}
              </ButtonLink>
            </>
          ),
        }
      case 'geo_blocked':
        return { title: t('spec.geoBlocked'), tone: 'alert' }
      case 'too_many_streams':
        return {
          title: t('spec.tooManyStreams'),
          text: t('watch.streamsText'),
          block: <OtherStreams onStopped={onRetry} />,
        }
      case 'stream_stopped':
        return {
          title: t('watch.streamStoppedTitle'),
          text: t(screen.reason === 'stopped' ? 'spec.streamStopped' : 'spec.streamReplaced'),
          tone: 'alert',
          actions: (
            <Button onClick={onRetry} data-testid="streams-watch-here">
              {t('watch.streamWatchHere')}
            </Button>
          ),
        }
      case 'no_video':
        return { title: t('watch.noVideoTitle'), text: t('watch.noVideoText') }
      case 'unavailable':
        return {
          title: t('watch.unavailableTitle'),
          text: t('watch.unavailableText'),
          tone: 'alert',
          actions: (
            <Button onClick={onRetry} data-testid="watch-retry">
              {t('player.retry')}
            </Button>
          ),
        }
    }
  }

  const { title, text, block, actions, tone } = body()
  return (
    <div className="stage" data-testid="watch-stage" data-screen={screen.kind}>
      {poster ? <img className="stage__poster" src={poster} alt="" /> : null}
      <div className="stage__panel" role={tone === 'alert' ? 'alert' : undefined}>
        <p className="stage__title">{title}</p>
        {text ? <p className="stage__text">{text}</p> : null}
        {block}
        {actions ? <div className="stage__actions">{actions}</div> : null}
      </div>
    </div>
  )
}

/** Sign in (the login page returns here: this page is remembered as the last page), or sign up. */
function SignInActions() {
  const { t } = useTranslation()
  return (
    <>
      <ButtonLink to={paths.login} data-testid="watch-sign-in">
        {t('watch.signIn')}
      </ButtonLink>
      <Link className="stage__link" to={paths.registration}>
        {t('watch.createAccount')}
      </Link>
    </>
  )
}

function ProgressBar({ value, label }: { value: number; label: string }) {
  const clamped = Math.min(100, Math.max(0, Math.round(value)))
  return (
    <span className="stage__progress">
      <span
        className="stage__progress-bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
      >
        <span className="stage__progress-fill" style={{ width: `${clamped}%` }} />
      </span>
      <span aria-hidden="true">{clamped}%</span>
    </span>
  )
}

/** Ticks every quarter second until the start, then says so once. A timer, so screen readers do not read every tick. */
function Countdown({ startsAt, onDone }: { startsAt: string; onDone: () => void }) {
  const { t } = useTranslation()
  const target = Date.parse(startsAt)
  const [now, setNow] = useState(() => Date.now())
  const parts = countdownParts(target, now)
  const onDoneRef = useRef(onDone)
  onDoneRef.current = onDone

  useEffect(() => {
    if (parts.done) {
      onDoneRef.current()
      return
    }
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [parts.done])

  return (
    <span className="stage__countdown" role="timer" data-testid="watch-countdown">
      <span className="visually-hidden">{t('watch.startsIn')} </span>
      {parts.days > 0 ? <span>{t('watch.countdownDays', { count: parts.days })} </span> : null}
      <span className="stage__clock">{countdownClock(parts)}</span>
    </span>
  )
}
