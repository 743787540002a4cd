import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/** Serious and critical WCAG 2.1 A/AA findings of axe on the page as it stands, one line each. */
export async function seriousFindings(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')} — ${v.nodes[0]?.failureSummary}`)
}
