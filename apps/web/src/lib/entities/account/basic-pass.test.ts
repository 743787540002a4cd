import { BASIC_PASS_FIELD, PASSES_FORM_ALIAS } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { basicPassSelection, basicPassStatusOf, isBasicPassValueSelected } from './basic-pass'

const form = (fields: Array<{ name: string; value: string | null }>) => ({ alias: PASSES_FORM_ALIAS, fields })

describe('basicPassStatusOf', () => {
  it('is not needed when the channel has no passes form', () => {
    expect(basicPassStatusOf(null)).toBe('not-needed')
  })

  it('counts an absent flag as selected', () => {
    expect(basicPassStatusOf(form([]))).toBe('selected')
    expect(basicPassStatusOf(form([{ name: 'other', value: '0' }]))).toBe('selected')
    expect(basicPassStatusOf(form([{ name: BASIC_PASS_FIELD, value: null }]))).toBe('selected')
  })

  it('follows the flag value', () => {
    expect(basicPassStatusOf(form([{ name: BASIC_PASS_FIELD, value: '1' }]))).toBe('selected')
    expect(basicPassStatusOf(form([{ name: BASIC_PASS_FIELD, value: '0' }]))).toBe('required')
    expect(basicPassStatusOf(form([{ name: BASIC_PASS_FIELD, value: '' }]))).toBe('required')
  })
})

describe('isBasicPassValueSelected', () => {
  it.each(['1', 'true', 'yes', 'basic'])('%s is selected', (value) => {
    expect(isBasicPassValueSelected(value)).toBe(true)
  })

  it.each(['', '0', 'false'])('%j is not selected', (value) => {
    expect(isBasicPassValueSelected(value)).toBe(false)
  })
})

describe('basicPassSelection', () => {
  it('sets the flag to 1', () => {
    expect(basicPassSelection()).toEqual([{ name: BASIC_PASS_FIELD, value: '1' }])
  })
})
