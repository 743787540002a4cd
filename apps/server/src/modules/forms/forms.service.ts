import { BASIC_PASS_FIELD, type CustomForm, PASSES_FORM_ALIAS } from '@fieldhouse/contract'
import { notFound } from '../../lib/errors.js'
import type { FormsRepository } from './forms.repository.js'

interface FieldDefinition {
  name: string
  default: string | null
}

const definitions = (json: string): FieldDefinition[] => {
  try {
    const parsed = JSON.parse(json)
    return Array.isArray(parsed) ? parsed : []
  } catch {
    return []
  }
}

const truthy = (v: string | null | undefined) => v !== null && v !== undefined && v !== '' && v !== '0' && v !== 'false'

/**
 * Custom forms (spec §3, §7): a channel's forms, each a list of name/value fields, answered per user.
 * The `passes` form carries the basic-pass flag (spec §4).
 */
export class FormsService {
  constructor(private readonly repo: FormsRepository) {}

  /** The form with the user's answers (defaults where they have none, or for a visitor). */
  async get(channelId: number, alias: string, userId: number | null): Promise<CustomForm> {
    const form = await this.repo.findForm(channelId, alias)
    if (!form) throw notFound('custom form')
    const answers = userId
      ? new Map((await this.repo.values(form.id, userId)).map((v) => [v.name, v.value]))
      : new Map()
    return {
      alias: form.alias,
      fields: definitions(form.fields).map((f) => ({
        name: f.name,
        value: answers.has(f.name) ? (answers.get(f.name) ?? null) : f.default,
      })),
    }
  }

  /** Saves the fields the form defines (others are ignored); posting the passes form selects the basic pass. */
  async submit(channelId: number, alias: string, userId: number, fields: { name: string; value: string | null }[]) {
    const form = await this.repo.findForm(channelId, alias)
    if (!form) throw notFound('custom form')
    const known = new Set(definitions(form.fields).map((f) => f.name))
    const values = fields.filter((f) => known.has(f.name) && f.name !== BASIC_PASS_FIELD)
    if (alias === PASSES_FORM_ALIAS) values.push({ name: BASIC_PASS_FIELD, value: '1' })
    await this.repo.saveValues(form.id, userId, values)
    return this.get(channelId, alias, userId)
  }

  /**
   * A viewer who buys any pass has made the choice the basic-pass rule asks for (spec §2, §4): the
   * passes form's flag becomes 1, as submitting the form would set it. Called just after the order's commit.
   */
  chooseBasicPass(channelId: number, userId: number) {
    return this.repo.setValueIfFormExists(channelId, PASSES_FORM_ALIAS, userId, BASIC_PASS_FIELD, '1')
  }

  /**
   * Spec §4: the basic pass is needed when the passes form exists, and selected when its flag value
   * is truthy or absent (a form without the field, or a field without a default).
   */
  async basicPassSelected(channelId: number, userId: number): Promise<boolean> {
    const form = await this.repo.findForm(channelId, PASSES_FORM_ALIAS)
    if (!form) return true
    const field = (await this.get(channelId, PASSES_FORM_ALIAS, userId)).fields.find((f) => f.name === BASIC_PASS_FIELD)
    return field?.value === null || field?.value === undefined || truthy(field.value)
  }
}
