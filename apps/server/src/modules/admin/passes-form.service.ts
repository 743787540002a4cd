import {
  type AdminPassesForm,
  AdminPassesFormUpdateSchema,
  BASIC_PASS_FIELD,
  PASSES_FORM_ALIAS,
} from '@fieldhouse/contract'
import { parseInput } from '../../lib/parse-input.js'
import type { Operator } from './operators.service.js'
import type { PassesFormRepository, StoredForm } from './passes-form.repository.js'

/** The basic-pass flag of a new form: a viewer who has not chosen is asked to (spec §4). */
const newFlag = { name: BASIC_PASS_FIELD, default: '0' }

/**
 * The console's "Passes form" (decision 0023): whether the channel asks signed-in viewers to choose a
 * pass (spec §4: the basic pass is needed when the passes form exists), the form's extra fields, and
 * how many viewers have answered. Switching the form off keeps every answer; the route has already
 * asked the rule table whether the operator may.
 */
export class PassesFormService {
  constructor(
    private readonly d: {
      repo: PassesFormRepository
      clock: () => number
    },
  ) {}

  async get(op: Operator): Promise<AdminPassesForm> {
    const stored = await this.d.repo.form(op.channelId, PASSES_FORM_ALIAS)
    if (!stored) {
      const counts = { basic_pass: 0, answered: 0 }
      return { enabled: false, exists: false, basic_pass_default: newFlag.default, fields: [], counts }
    }
    const counts = await this.d.repo.counts(stored.id, BASIC_PASS_FIELD)
    return present(stored.form, { basic_pass: counts.flagged, answered: counts.answered })
  }

  /**
   * Switches the form on or off and replaces its extra fields. The basic-pass flag stays first, with
   * its stored default; a channel without the form gets one (switched off unless the change says on).
   */
  async update(op: Operator, body: unknown): Promise<AdminPassesForm> {
    const input = parseInput(AdminPassesFormUpdateSchema, body)
    await this.d.repo.save(
      op.channelId,
      PASSES_FORM_ALIAS,
      (before) => {
        // A stored form without the flag counts the pass as chosen (spec §4): a null default keeps that.
        const flag = before
          ? (before.fields.find((f) => f.name === BASIC_PASS_FIELD) ?? { name: BASIC_PASS_FIELD, default: null })
          : newFlag
        const extras = input.fields ?? before?.fields.filter((f) => f.name !== BASIC_PASS_FIELD) ?? []
        return {
          enabled: input.enabled ?? before?.enabled ?? false,
          fields: [flag, ...extras.map((f) => ({ name: f.name, default: f.default }))],
        }
      },
      {
        channel_id: op.channelId,
        user_id: op.userId,
        user_email: op.email,
        resource: 'custom-forms',
        action: 'update',
        created_at: this.d.clock(),
      },
    )
    return this.get(op)
  }
}

const present = (form: StoredForm, counts: AdminPassesForm['counts']): AdminPassesForm => {
  const flag = form.fields.find((f) => f.name === BASIC_PASS_FIELD)
  return {
    enabled: form.enabled,
    exists: true,
    // A stored form without the flag: the pass counts as chosen (spec §4), as a null default says.
    basic_pass_default: flag ? flag.default : null,
    fields: form.fields.filter((f) => f.name !== BASIC_PASS_FIELD),
    counts,
  }
}
