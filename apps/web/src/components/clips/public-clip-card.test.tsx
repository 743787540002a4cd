import type { Clip } from '@fieldhouse/contract'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { drawScores } from '../../lib/entities/scores/scores.test-support'
import { enWatch } from '../../lib/i18n/resources/en-watch'
import { PublicClipCard } from './public-clip-card'

const clip = (fields: Partial<Clip> = {}): Clip => ({
  id: 3,
  uuid: 'abc',
  event_id: 7,
  vod_media_item_id: null,
  event_media_id: 1,
  name: 'Dunk',
  tags: [],
  start_time: 746,
  duration: 12,
  status: 'ready',
  failure_reason: null,
  poster: null,
  created_at: '2025-12-05T19:00:00Z',
  event_name: 'Goats at Owls',
  vod_media_item_title: null,
  ...fields,
})

const draw = (value: Clip) =>
  drawScores(
    <MemoryRouter>
      <ul>
        <PublicClipCard clip={value} meta={[]} testId="moment" />
      </ul>
    </MemoryRouter>,
    { resources: { en: { translation: enWatch } } },
  )

describe('PublicClipCard', () => {
  it('badges a channel’s official clip, and only it', async () => {
    expect(await draw(clip({ official: true }))).toContain(
      '<span class="clip-official" data-testid="clip-official">Official</span>',
    )
    expect(await draw(clip({ official: false }))).not.toContain('clip-official')
    expect(await draw(clip())).not.toContain('clip-official')
  })
})
