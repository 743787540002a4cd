import { execFileSync } from 'node:child_process'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { appReady, newEmail } from './helpers.js'

export const OPERATOR_PASSWORD = 'a long password 1'

/** The product's operator command line, on the journeys' data folder. */
export const productCli =
  (dataDir: string) =>
  (...args: string[]) =>
    execFileSync(process.execPath, [path.resolve('apps/server/dist/cli.js'), ...args], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    })

/**
 * An operator of the demo channel from a CLI invitation, as an owner would add one: the account is made
 * from the link, and the console opens. Returns the operator's email.
 */
export async function operatorViaInvitation(
  page: Page,
  {
    baseUrl,
    dataDir,
    role,
    name = ['Robin', 'Lee'],
  }: { baseUrl: string; dataDir: string; role: string; name?: [string, string] },
) {
  const email = newEmail(role)
  const printed = productCli(dataDir)('channel', 'invite', '--channel', 'demo', '--email', email, '--role', role)
  const link = /\/admin\/invitation\/[A-Za-z0-9_-]+/.exec(printed)?.[0]
  if (!link) throw new Error(`no invitation in ${printed}`)
  await page.goto(`${baseUrl}${link}`)
  await appReady(page)
  await page.getByRole('heading', { name: 'Your invitation' }).waitFor()
  for (const [label, text] of [
    ['First name', name[0]],
    ['Last name', name[1]],
    ['Password', OPERATOR_PASSWORD],
    ['Password confirmation', OPERATOR_PASSWORD],
  ] as const) {
    await page.getByLabel(label, { exact: true }).fill(text)
  }
  await page.keyboard.press('Enter')
  await page.getByRole('navigation', { name: 'Console' }).waitFor({ timeout: 15_000 })
  return email
}
