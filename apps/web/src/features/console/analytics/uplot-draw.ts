import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { axisTickTexts } from './analytics-format'

/**
 * The Analytics page's plots, drawn with uPlot (about 20 KB gzipped). This module is imported only
 * when a plot is about to be drawn, and Vite puts uPlot in its own `uplot` chunk (vite.config.ts): no
 * viewer page and no other console page loads it (decision 0039).
 */
export interface PlotSeries {
  label: string
  values: number[]
  color: string
  /** The right-hand axis, for a second unit (viewing minutes beside viewers). */
  right?: boolean
}

export interface DrawnPlot {
  update(times: number[], series: PlotSeries[]): void
  resize(width: number): void
  destroy(): void
}

const HEIGHT = 220

/**
 * The User Timing measures of a plot (the benchmark of issue 17 reads them: a 3-hour game at 1-minute
 * resolution within 50 ms), one entry each per plot drawn, `detail.points` the minutes it drew:
 * `analytics-plot` from `new uPlot` to the end of its first draw; `analytics-plot-mount` from when the
 * page asked for the plot (`requestedAt`, before this module loaded) to the same end.
 */
export const PLOT_MEASURE = 'analytics-plot'
export const PLOT_MOUNT_MEASURE = 'analytics-plot-mount'

/** A line per series over `times` (ms), in the channel's time zone, inside `el`. */
export function drawPlot(
  el: HTMLElement,
  {
    times,
    series,
    timeZone,
    requestedAt,
  }: { times: number[]; series: PlotSeries[]; timeZone: string; requestedAt?: number },
): DrawnPlot {
  const ink = getComputedStyle(el).color || '#222'
  const grid = { stroke: 'rgba(128,128,128,0.25)', width: 1 }
  const dataOf = (t: number[], s: PlotSeries[]): uPlot.AlignedData => [
    t.map((ms) => ms / 1000),
    ...s.map((x) => x.values),
  ]
  const hasRight = series.some((s) => s.right)
  const started = performance.now()
  let measured = false
  const measure = (u: uPlot) => {
    if (measured) return
    measured = true
    try {
      const detail = { points: u.data[0].length }
      performance.measure(PLOT_MEASURE, { start: started, detail })
      if (requestedAt !== undefined) performance.measure(PLOT_MOUNT_MEASURE, { start: requestedAt, detail })
    } catch {}
  }
  const plot = new uPlot(
    {
      width: Math.max(200, el.clientWidth),
      height: HEIGHT,
      legend: { show: false },
      hooks: { draw: [measure] },
      cursor: { drag: { x: false, y: false } },
      tzDate: (seconds) => {
        try {
          return uPlot.tzDate(new Date(seconds * 1000), timeZone)
        } catch {
          return new Date(seconds * 1000)
        }
      },
      // Counts start at 0; an empty range still has an axis up to 1.
      scales: {
        x: { time: true },
        y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        right: { range: (_u, _min, max) => [0, Math.max(1, max)] },
      },
      axes: [
        {
          stroke: ink,
          grid,
          ticks: grid,
          // The table's 24-hour clock, not uPlot's am/pm.
          values: (_u, splits, _axis, _space, increment) => axisTickTexts(splits, increment, timeZone),
        },
        { stroke: ink, grid, ticks: grid, scale: 'y' },
        ...(hasRight ? [{ stroke: ink, grid: { show: false }, ticks: grid, scale: 'right', side: 1 as const }] : []),
      ],
      series: [
        {},
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          scale: s.right ? 'right' : 'y',
          points: { show: false },
        })),
      ],
    },
    dataOf(times, series),
    el,
  )
  return {
    update: (t, s) => plot.setData(dataOf(t, s)),
    resize: (width) => plot.setSize({ width: Math.max(200, width), height: HEIGHT }),
    destroy: () => plot.destroy(),
  }
}
