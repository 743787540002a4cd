import type { StaticBlock } from '@fieldhouse/contract'

/** Aliases with a fixed place: the legal documents (spec §2 static pages) and the home page's welcome. */
export const blockAliases = {
  privacyPolicy: 'privacy_policy',
  termsConditions: 'terms_conditions',
  homeIntro: 'home_intro',
} as const

const legalAliases: readonly string[] = [blockAliases.privacyPolicy, blockAliases.termsConditions]

/**
 * Where each static block goes: legal ones back their pages, `home_intro` is the home page's welcome,
 * `footer…` ones sit in the footer, and the rest are the channel's own sections on the home page.
 */
export function placeStaticBlocks(blocks: readonly StaticBlock[]) {
  const footer: StaticBlock[] = []
  const home: StaticBlock[] = []
  let intro: StaticBlock | undefined
  for (const block of blocks) {
    if (legalAliases.includes(block.alias)) continue
    if (block.alias === blockAliases.homeIntro) intro ??= block
    else if (block.alias.startsWith('footer')) footer.push(block)
    else home.push(block)
  }
  return { intro, footer, home }
}

export const findBlock = (blocks: readonly StaticBlock[], alias: string) =>
  blocks.find((block) => block.alias === alias)
