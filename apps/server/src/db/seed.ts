import fs from 'node:fs'
import path from 'node:path'
import type { ChannelRepository } from '../modules/channel/channel.repository.js'
import { logoSvg, type SlideArtKind, slideSvg } from './seed-art.js'
import { seedDemoCatalogue } from './seed-catalogue.js'
import { seedDemoClips } from './seed-clips.js'
import { seedDemoPasses } from './seed-passes.js'
import { seedDemoViewers } from './seed-viewers.js'

export const DEMO_CHANNEL_KEY = 'demo'

const colors = {
  'header-background': '#0b1424',
  'header-text-color': '#f5f7fb',
  'body-background': '#0f1a2e',
  'body-text-color': '#e8edf6',
  'footer-background': '#070d18',
  'footer-text-color': '#c9d2e3',
  'primary-color': '#ff5a1f',
  'primary-text-color': '#ffffff',
  'secondary-color': '#1f6feb',
  'live-color': '#e5243b',
}

/** Blocks separated by a blank line; consecutive `- ` items stay one list. */
const paragraphs = (...blocks: string[]) =>
  blocks.reduce((text, block, i) => {
    if (i === 0) return block
    const sameList = block.startsWith('- ') && blocks[i - 1]?.startsWith('- ')
    return `${text}${sameList ? '\n' : '\n\n'}${block}`
  }, '')

/** Plain link menu items, in order. */
const menuLinks = (placement: 'header' | 'footer', firstPosition: number, links: [name: string, url: string][]) =>
  links.map(([name, url], i) => ({
    name,
    url,
    alias: null,
    image: null,
    images: '[]',
    placement,
    menuable_type: 'link' as const,
    menuable_id: null,
    position: firstPosition + i,
  }))

/** The demo channel of the embedded default: themed, with menu, slides, pages, FAQ and blocks. */
export async function seedDemoChannel(repo: ChannelRepository, mediaDir: string, now = Date.now()) {
  const result = await seedDemoContent(repo, mediaDir, now)
  const channel = await repo.findByKey(DEMO_CHANNEL_KEY)
  if (channel && !(await repo.hasCatalogue(channel.id))) {
    await repo.inTransaction((trx) => seedDemoCatalogue(trx, channel.id, mediaDir, now))
  }
  if (channel && !(await repo.hasPasses(channel.id))) {
    await repo.inTransaction((trx) => seedDemoPasses(trx, channel.id, now))
  }
  if (channel && !(await repo.hasClipTags(channel.id))) {
    await repo.inTransaction((trx) => seedDemoClips(trx, channel.id))
  }
  // A viewer who follows the simulated live game's home team (made once, in its own transaction).
  if (channel) await repo.inTransaction((trx) => seedDemoViewers(trx, channel, now))
  return result
}

async function seedDemoContent(repo: ChannelRepository, mediaDir: string, now: number) {
  const art = path.join(mediaDir, 'public', DEMO_CHANNEL_KEY)
  writeArt(art)
  if (await repo.findByKey(DEMO_CHANNEL_KEY)) return { created: false }
  const img = (file: string) => `/media/public/${DEMO_CHANNEL_KEY}/${file}`

  await repo.create(
    {
      key: DEMO_CHANNEL_KEY,
      name: 'Fieldhouse Demo',
      logo: img('logo.svg'),
      language: 'en',
      currency: 'USD',
      google_tag: null,
      yare_analytics_key: 'yak_demo',
      settings: JSON.stringify({
        routes: [
          { path: '/tickets', redirect: '/packages' },
          { path: '/help', redirect: '/faq' },
        ],
        domain_category: { alias: null, fallback_url: null },
        contact: {
          email: 'support@fieldhouse.example',
          phone: '+1 (555) 010-2030',
          address: '400 Arena Way, Springfield, IL 62701',
        },
        social: { x: 'https://x.com/fieldhouse', instagram: 'https://instagram.com/fieldhouse' },
      }),
      created_at: now,
      updated_at: now,
    },
    {
      domains: ['localhost', '127.0.0.1'],
      colors,
      menu: [
        ...menuLinks('header', 0, [
          ['Live', '/live'],
          ['Upcoming', '/upcoming'],
          ['Replays', '/vod'],
          ['Schedule', '/schedule'],
          ['Videos', '/vod_library'],
          ['Passes', '/packages'],
        ]),
        ...menuLinks('footer', 10, [
          ['About', '/about'],
          ['Contacts', '/contacts'],
          ['FAQ', '/faq'],
          ['Tickets help', '/tickets-help'],
          ['Privacy policy', '/privacy_policy'],
          ['Terms & conditions', '/terms_conditions'],
        ]),
      ],
      slides: [
        {
          title: 'Every game. Live and on demand.',
          subtitle: 'Basketball, soccer and hockey from six schools, streamed in HD with full replays.',
          image: img('slide-court.svg'),
          link: '/live',
        },
        {
          title: 'Season passes are here',
          subtitle: 'One pass, every home game of your team. Cancel any time.',
          image: img('slide-pitch.svg'),
          link: '/packages',
        },
        {
          title: 'Never miss a face-off',
          subtitle: 'Check the schedule and mark your favourite teams.',
          image: img('slide-rink.svg'),
          link: '/schedule',
        },
      ].map((s, position) => ({
        ...s,
        client_interface: 'web',
        slidable_type: 'main' as const,
        slidable_id: null,
        position,
      })),
      pages: [
        {
          url: '/about',
          alt_name: 'about',
          name: 'About us',
          content: paragraphs(
            'Fieldhouse Demo brings the games of our conference to fans wherever they are.',
            '## What we stream',
            '- Men’s and women’s basketball, soccer and hockey',
            '- Every regular-season home game, live and in full replay',
            '- Highlights and features in the video library',
            'Our student crews and staff produce each broadcast with multi-camera coverage and commentary.',
          ),
        },
        {
          url: '/contacts',
          alt_name: 'contacts',
          name: 'Contacts',
          content: paragraphs(
            'Questions about a broadcast, a pass or your account? We answer within one business day.',
            'Write to [support@fieldhouse.example](mailto:support@fieldhouse.example) or call [+1 (555) 010-2030](tel:+15550102030), Monday to Friday, 9:00 to 17:00 CT.',
          ),
        },
        {
          url: '/tickets-help',
          alt_name: 'tickets-help',
          name: 'Tickets help',
          content: paragraphs(
            'A pass gives you access to live games and their replays on this channel.',
            '## Which pass do I need?',
            '- A single-event pass covers one game, live and replay.',
            '- A package covers every game of a sport or a team for the season.',
            '- A subscription covers everything on the channel while it is active.',
            '## Where are my passes?',
            'Sign in and open your profile: your orders list shows every pass and its status.',
            'Still stuck? See the [FAQ](/faq) or [contact us](/contacts).',
          ),
        },
        {
          url: '/privacy_policy',
          alt_name: 'privacy_policy',
          name: 'Privacy policy',
          content: paragraphs(
            'We collect the information you give us when you create an account or buy a pass, and the viewing data needed to stream video to you.',
            '## How we use it',
            '- To give you access to what you bought',
            '- To keep the service secure and working',
            '- To send the emails you asked for',
            'We never sell your personal data. Payments are processed by our card payment provider; we do not store card numbers.',
            'To ask for a copy or the deletion of your data, write to [support@fieldhouse.example](mailto:support@fieldhouse.example).',
          ),
        },
        {
          url: '/terms_conditions',
          alt_name: 'terms_conditions',
          name: 'Terms & conditions',
          content: paragraphs(
            'By using this service you agree to these terms.',
            '## Passes and payments',
            '- Sales are final: passes are not refunded.',
            '- Subscriptions renew automatically until you cancel them.',
            '- A free trial needs a card and is charged when the trial ends unless you cancel first.',
            '## Your account',
            'Keep your password to yourself. Streams are for personal viewing only and may not be rebroadcast.',
          ),
        },
      ].map((p, position) => ({ ...p, position })),
      faqs: [
        [
          'How do I watch a live game?',
          'Open the Live page and pick a game. Free games play right away; others need a pass, which you can buy on the game’s page.',
        ],
        [
          'Can I watch a game after it ends?',
          'Yes. Every game is available as a full replay shortly after the final whistle, with the same pass.',
        ],
        ['Which devices are supported?', 'Any recent browser on a phone, tablet, computer or smart TV.'],
        [
          'Can I get a refund?',
          'Sales are final and passes are not refunded. If a broadcast fails on our side, contact us and we will make it right.',
        ],
        [
          'How do free trials work?',
          'A trial needs a card. You are charged when the trial ends unless you cancel before; you can use one trial per account.',
        ],
        [
          'The video keeps buffering. What can I do?',
          'Check your connection, close other streams, and reload the page. The player lowers the quality by itself when the connection is slow.',
        ],
      ].map(([question, answer], position) => ({ question: question as string, answer: answer as string, position })),
      // Spec §4: with a passes form, a new viewer picks the free basic pass (or a paid one) first.
      customForms: [{ alias: 'passes', fields: JSON.stringify([{ name: 'basic_pass', default: '0' }]) }],
      staticBlocks: [
        {
          alias: 'home_intro',
          title: 'Your conference, live',
          content:
            'Follow six schools across basketball, soccer and hockey. Watch live, catch up on replays, and cut your own clips of the best moments.',
          position: 0,
        },
        {
          alias: 'footer_about',
          title: 'Fieldhouse Demo',
          content: 'The home of conference sports streaming: live games, replays and highlights.',
          position: 1,
        },
      ],
    },
  )
  return { created: true }
}

function writeArt(dir: string) {
  fs.mkdirSync(dir, { recursive: true })
  const files: [string, string][] = [
    ['logo.svg', logoSvg('Fieldhouse Demo', colors['primary-color'], '#ffffff')],
    ...(['court', 'pitch', 'rink'] as SlideArtKind[]).map(
      (kind, i) =>
        [
          `slide-${kind}.svg`,
          slideSvg(kind, ['#1b2b4b', '#12331f', '#1c2f45'][i] as string, colors['primary-color']),
        ] as [string, string],
    ),
  ]
  for (const [name, svg] of files) fs.writeFileSync(path.join(dir, name), svg)
}
