import { useEffect, useId, useRef, useState } from 'react'
import { useConsoleText } from '../words'
import type { DrawnPlot, PlotSeries } from './uplot-draw'

/**
 * A plot over minutes (uPlot, loaded when the plot is first drawn) with its name for a screen reader
 * and the same numbers as a table below it (decision 0039): the picture is `role="img"` named by its
 * title and summary; every value is in the table.
 */
export function MinutePlot({
  title,
  summary,
  times,
  series,
  timeZone,
  table,
}: {
  title: string
  /** One sentence a screen reader hears for the picture (the highest value, the latest). */
  summary: string
  times: number[]
  series: PlotSeries[]
  timeZone: string
  /** The numbers, readable: a table of the same minutes. */
  table: React.ReactNode
}) {
  const t = useConsoleText()
  const box = useRef<HTMLDivElement>(null)
  const plot = useRef<DrawnPlot | null>(null)
  const [failed, setFailed] = useState(false)
  const ids = { title: useId(), summary: useId() }
  // The latest data, for a plot whose module arrives after a newer answer.
  const latest = useRef({ times, series })
  latest.current = { times, series }

  useEffect(() => {
    let gone = false
    const el = box.current
    if (!el) return
    let observer: ResizeObserver | null = null
    const requestedAt = performance.now()
    import('./uplot-draw').then(
      ({ drawPlot }) => {
        if (gone) return
        plot.current = drawPlot(el, { ...latest.current, timeZone, requestedAt })
        observer = new ResizeObserver(() => plot.current?.resize(el.clientWidth))
        observer.observe(el)
      },
      () => setFailed(true),
    )
    return () => {
      gone = true
      observer?.disconnect()
      plot.current?.destroy()
      plot.current = null
    }
  }, [timeZone])

  useEffect(() => {
    plot.current?.update(times, series)
  }, [times, series])

  return (
    <figure className="console-analytics-plot">
      <figcaption>
        <span id={ids.title} className="console-analytics-plot__title">
          {title}
        </span>
        <span className="console-analytics-plot__keys" aria-hidden="true">
          {series.map((s) => (
            <span key={s.label}>
              <span className="console-analytics-plot__key" style={{ background: s.color }} /> {s.label}
              {s.right ? t('analytics.rightAxis') : ''}
            </span>
          ))}
        </span>
      </figcaption>
      <div
        ref={box}
        role="img"
        aria-labelledby={ids.title}
        aria-describedby={ids.summary}
        className="console-analytics-plot__canvas"
      />
      <p id={ids.summary} className="console-note">
        {failed ? `${t('analytics.plotFailed')} ` : ''}
        {summary}
      </p>
      {table}
    </figure>
  )
}
