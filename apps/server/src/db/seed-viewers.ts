import type { Kysely } from 'kysely'
import { DemoRepository } from './demo.repository.js'
import type { Database } from './schema.js'

/** The demo's viewer who follows a team: the simulated live game's go-live mail lands in DATA_DIR/outbox. */
export const DEMO_FAN_EMAIL = 'fan@demo.fieldhouse.localhost'

/**
 * A verified viewer of the demo channel who follows the home team of the game the simulated feed
 * publishes into (decision 0056), so a fresh start writes that game's go-live alert to the outbox. The
 * account has no password, as a social-only one: "Forgot password" sets one (its mail lands in the
 * outbox too). Made once: a viewer already there, whatever they follow now, is left as it is.
 */
export async function seedDemoViewers(db: Kysely<Database>, channel: { id: number; key: string }, now: number) {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('channel_id', '=', channel.id)
    .where('email', '=', DEMO_FAN_EMAIL)
    .executeTakeFirst()
  if (existing) return
  const { id: userId } = await db
    .insertInto('users')
    .values({
      channel_id: channel.id,
      email: DEMO_FAN_EMAIL,
      password_hash: null,
      first_name: 'Demo',
      last_name: 'Fan',
      news: 0,
      temporary_password: 0,
      email_verified_at: now,
      capabilities: '[]',
      trial_period_used: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // The event the simulated feed publishes into (roles/demo.ts), and its home team.
  const live = await new DemoRepository(db).freeLiveEvent(channel.key)
  const home =
    live &&
    (await db
      .selectFrom('event_participants')
      .select('participant_id')
      .where('event_id', '=', live.id)
      .where('side', '=', 'home')
      .executeTakeFirst())
  if (!home) return
  await db
    .insertInto('favorites')
    .values({
      user_id: userId,
      favoritable_type: 'participant',
      favoritable_id: home.participant_id,
      alerts: 1,
      created_at: now,
    })
    .execute()
}
