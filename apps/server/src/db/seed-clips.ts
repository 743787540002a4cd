import type { Kysely } from 'kysely'
import { parseJson } from '../lib/json.js'
import type { Database } from './schema.js'

/** The demo channel's clip tags by sport alias; `*` for every sport (decision 16). */
export const DEMO_CLIP_TAGS: Record<string, string[]> = {
  basketball: ['Dunk', 'Three-pointer', 'Block', 'Buzzer-beater'],
  soccer: ['Goal', 'Save', 'Assist', 'Free kick'],
  hockey: ['Goal', 'Save', 'Hit', 'Power play'],
  '*': ['Highlight', 'Funny', 'Crowd'],
}

/** Capabilities the demo's passes gain for clips (a database seeded before clips existed gets them too). */
const PASS_CLIP_CAPABILITIES: Record<string, string[]> = {
  'Season Pass': ['clipping', 'download_clip'],
  'Monthly Pass': ['clipping'],
}

/** Clip tags for the demo channel's sports, and the clip capabilities of its Season and Monthly Pass. */
export async function seedDemoClips(db: Kysely<Database>, channelId: number) {
  const sports = await db
    .selectFrom('event_categories')
    .select(['id', 'alias'])
    .where('channel_id', '=', channelId)
    .where('parent_id', 'is', null)
    .execute()
  const rows: { channel_id: number; event_category_id: number | null; name: string; position: number }[] = []
  for (const [alias, names] of Object.entries(DEMO_CLIP_TAGS)) {
    const sport = alias === '*' ? null : sports.find((s) => s.alias === alias)
    if (sport === undefined) continue
    for (const [i, name] of names.entries()) {
      rows.push({ channel_id: channelId, event_category_id: sport?.id ?? null, name, position: (sport ? 0 : 100) + i })
    }
  }
  if (rows.length) await db.insertInto('clip_tags').values(rows).execute()

  const passes = await db
    .selectFrom('passes')
    .select(['id', 'name', 'capabilities'])
    .where('channel_id', '=', channelId)
    .where('name', 'in', Object.keys(PASS_CLIP_CAPABILITIES))
    .execute()
  for (const pass of passes) {
    const had = parseJson<string[]>(pass.capabilities, [])
    const capabilities = [...new Set([...had, ...(PASS_CLIP_CAPABILITIES[pass.name] ?? [])])]
    if (capabilities.length !== had.length) {
      await db
        .updateTable('passes')
        .set({ capabilities: JSON.stringify(capabilities) })
        .where('id', '=', pass.id)
        .execute()
    }
  }
}
