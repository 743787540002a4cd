import { can, OperatorRoles } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel, buildUser } from '../../test/factories.js'
import { buildOperator, memoryMailer } from '../../test/operators.js'

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const path = '/api/admin/custom-forms/passes'

/** The console's passes form (decision 0023): who may read and change it, what it takes, what viewers then see. */
describe.each(testDatabases())('the passes form editor on %s', (kind) => {
  let ctx: TestContext
  const channel = `passes-${kind}`
  const rival = `passes-rival-${kind}`
  const keys = {} as Record<(typeof OperatorRoles)[number], string>
  let rivalKey: string
  let ownerEmail: string
  const call = (key: string, method = 'GET', body?: unknown) =>
    ctx.json(path, { method, headers: bearer(key), ...(body !== undefined ? { body } : {}) })
  /** A signed-in viewer of the channel: their key. */
  const viewer = async () => {
    const user = await buildUser(ctx, { channelKey: channel })
    return ctx.app.services.keys.issue(user.channel_id, user.id)
  }
  const viewerForm = (key: string) => ctx.json('/api/custom-forms/passes', { headers: bearer(key) })

  beforeAll(async () => {
    ctx = await createTestContext(kind, { mailer: memoryMailer() })
    await buildChannel(ctx, channel)
    await buildChannel(ctx, rival)
    for (const role of OperatorRoles) {
      const built = await buildOperator(ctx, channel, role)
      keys[role] = built.key
      if (role === 'owner') ownerEmail = built.user.email
    }
    rivalKey = (await buildOperator(ctx, rival, 'owner')).key
  })
  afterAll(() => ctx.close())

  it('answers each role as the rule table says, and keeps each channel to its own form', async () => {
    for (const role of OperatorRoles) {
      const read = await call(keys[role])
      expect([role, read.status]).toEqual([role, can(role, 'read', 'custom-forms') ? 200 : 403])
      const write = await call(keys[role], 'PATCH', { fields: [] })
      expect([role, write.status]).toEqual([role, can(role, 'update', 'custom-forms') ? 200 : 403])
    }
    expect(can('manager', 'update', 'custom-forms')).toBe(true)
    expect(can('support', 'read', 'custom-forms')).toBe(true)
    expect(can('support', 'update', 'custom-forms')).toBe(false)
    expect(can('producer', 'read', 'custom-forms')).toBe(false)

    // Another channel's owner reads and writes their own form; ours is not theirs to see or change.
    await call(keys.owner, 'PATCH', { enabled: true, fields: [{ name: 'school', default: 'Central' }] })
    const theirs = await call(rivalKey)
    expect(theirs.body.data).toMatchObject({ exists: false, enabled: false, fields: [] })
    await call(rivalKey, 'PATCH', { enabled: false, fields: [{ name: 'club', default: null }] })
    expect((await call(keys.owner)).body.data).toMatchObject({
      enabled: true,
      fields: [{ name: 'school', default: 'Central' }],
    })
    // A viewer of the channel gets nothing here.
    expect((await call(await viewer())).status).toBe(403)
  })

  it('creates the form on a channel that has none, with the basic-pass flag, and records it', async () => {
    const fresh = `passes-fresh-${kind}`
    await buildChannel(ctx, fresh)
    const owner = await buildOperator(ctx, fresh, 'owner')
    const viewerUser = await buildUser(ctx, { channelKey: fresh })
    const viewerKey = await ctx.app.services.keys.issue(viewerUser.channel_id, viewerUser.id)
    expect((await viewerForm(viewerKey)).status).toBe(404)
    const empty = await call(owner.key)
    expect(empty.body.data).toEqual({
      enabled: false,
      exists: false,
      basic_pass_default: '0',
      fields: [],
      counts: { basic_pass: 0, answered: 0 },
    })
    const created = await call(owner.key, 'PATCH', { enabled: true })
    expect(created.status).toBe(200)
    expect(created.body.data).toMatchObject({ enabled: true, exists: true, basic_pass_default: '0', fields: [] })
    expect((await viewerForm(viewerKey)).body.data).toEqual({
      alias: 'passes',
      fields: [{ name: 'basic_pass', value: '0' }],
    })
    const audit = await ctx.json('/api/admin/audit-log?resource=custom-forms', { headers: bearer(owner.key) })
    expect(audit.body.data).toHaveLength(1)
    expect(audit.body.data[0]).toMatchObject({
      action: 'create',
      resource_id: 'passes',
      user_email: owner.user.email,
      before: null,
      after: { enabled: true, fields: [{ name: 'basic_pass', default: '0' }] },
    })
  })

  it('refuses bad fields in our words and changes nothing', async () => {
    const before = (await call(keys.owner)).body.data
    const auditBefore = (await ctx.json('/api/admin/audit-log', { headers: bearer(keys.owner) })).body.meta.total
    const dup = await call(keys.owner, 'PATCH', {
      fields: [
        { name: 'school', default: null },
        { name: 'school', default: 'x' },
      ],
    })
    expect(dup.status).toBe(422)
    expect(dup.body.errors['fields.1.name']).toEqual(['school is already a field of the form'])
    const names = await call(keys.owner, 'PATCH', {
      fields: [
        { name: 'Grade Level', default: null },
        { name: 'basic_pass', default: '1' },
        { name: '', default: null },
      ],
    })
    expect(names.status).toBe(422)
    expect(names.body.errors['fields.0.name']).toEqual(['Use lower-case letters, digits and _ only'])
    expect(names.body.errors['fields.1.name']).toEqual(['basic_pass is the pass choice itself: it is always there'])
    expect(names.body.errors['fields.2.name']).toBeDefined()
    const many = await call(keys.owner, 'PATCH', {
      fields: Array.from({ length: 21 }, (_, i) => ({ name: `field_${i}`, default: null })),
    })
    expect(many.status).toBe(422)
    expect(many.body.errors.fields).toEqual(['At most 20 fields besides basic_pass'])
    expect((await call(keys.owner, 'PATCH', {})).status).toBe(422)
    expect((await call(keys.owner, 'PATCH', { enabled: 'yes' })).body.errors.enabled).toEqual(['Choose on or off'])

    expect((await call(keys.owner)).body.data).toEqual(before)
    expect((await ctx.json('/api/admin/audit-log', { headers: bearer(keys.owner) })).body.meta.total).toBe(auditBefore)
  })

  it('switched off, viewers are not asked and logout is allowed; switched on again, their answers are back', async () => {
    await call(keys.owner, 'PATCH', { enabled: true, fields: [{ name: 'school', default: 'Central' }] })
    const chose = await viewer()
    await ctx.json('/api/custom-forms/passes', {
      method: 'POST',
      headers: bearer(chose),
      body: { fields: [{ name: 'school', value: 'North' }] },
    })
    const undecided = await viewer()
    expect((await viewerForm(undecided)).body.data.fields).toEqual([
      { name: 'basic_pass', value: '0' },
      { name: 'school', value: 'Central' },
    ])
    await ctx.json('/api/custom-forms/passes', { method: 'POST', headers: bearer(undecided), body: { fields: [] } })
    const undecided2 = await viewer()
    // A viewer with no stored answer counts in neither.
    const counted = (await call(keys.support)).body.data.counts
    expect(counted).toEqual({ basic_pass: 2, answered: 2 })

    const off = await call(keys.manager, 'PATCH', { enabled: false })
    expect(off.body.data).toMatchObject({ enabled: false, fields: [{ name: 'school', default: 'Central' }] })
    // Spec §4 and §7: no passes form, no basic pass needed; the form call answers 404 (tolerated).
    expect((await viewerForm(undecided2)).status).toBe(404)
    const submitted = await ctx.json('/api/custom-forms/passes', {
      method: 'POST',
      headers: bearer(undecided2),
      body: { fields: [] },
    })
    expect(submitted.status).toBe(404)
    expect((await ctx.json('/api/auth/logout', { method: 'POST', headers: bearer(undecided2) })).status).toBe(200)
    // The answers are kept while it is off.
    expect((await call(keys.owner)).body.data.counts).toEqual({ basic_pass: 2, answered: 2 })

    const on = await call(keys.owner, 'PATCH', { enabled: true })
    expect(on.body.data.enabled).toBe(true)
    expect((await viewerForm(chose)).body.data.fields).toEqual([
      { name: 'basic_pass', value: '1' },
      { name: 'school', value: 'North' },
    ])
    expect((await viewerForm(await viewer())).body.data.fields[0]).toEqual({ name: 'basic_pass', value: '0' })

    // before → after in the audit log, by whom.
    const audit = await ctx.json(`/api/admin/audit-log?resource=custom-forms&limit=2`, { headers: bearer(keys.owner) })
    expect(audit.body.data[0]).toMatchObject({
      action: 'update',
      resource_id: 'passes',
      before: { enabled: false },
      after: { enabled: true },
    })
    expect(audit.body.data[1]).toMatchObject({ before: { enabled: true }, after: { enabled: false } })
  })

  it('renames and removes extra fields, keeping the basic-pass flag first and every stored answer', async () => {
    const before = (await call(keys.owner)).body.data
    const renamed = await call(keys.owner, 'PATCH', {
      fields: [
        { name: 'grade', default: '9' },
        { name: 'team', default: '' },
      ],
    })
    expect(renamed.body.data).toMatchObject({
      fields: [
        { name: 'grade', default: '9' },
        { name: 'team', default: null },
      ],
      counts: before.counts,
    })
    const form = await viewerForm(await viewer())
    expect(form.body.data.fields.map((f: { name: string }) => f.name)).toEqual(['basic_pass', 'grade', 'team'])
    // Who changed it is in the log.
    const audit = await ctx.json(`/api/admin/audit-log?resource=custom-forms&limit=1`, { headers: bearer(keys.owner) })
    expect(audit.body.data[0]).toMatchObject({
      user_email: ownerEmail,
      after: { fields: [{ name: 'basic_pass' }, { name: 'grade' }, { name: 'team' }] },
    })
  })
})
