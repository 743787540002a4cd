import { PASSES_FORM_ALIAS } from '@fieldhouse/contract'
import type { BasicPassStatus } from '../../navigation/navigation-rules'
import { useAppStore } from '../../store/app-store'
import { basicPassSelection, basicPassStatusOf } from './basic-pass'
import { useCustomForm } from './use-custom-form'
import { useSubmitCustomForm } from './use-submit-custom-form'

/**
 * Spec §4 basic pass for the signed-in user, read from the passes custom form. A form that cannot be
 * read for another reason than 404 does not lock the user out: the server still has the last word
 * (it refuses logout without the pass, spec §4).
 */
export function useBasicPassStatus(): BasicPassStatus {
  const signedIn = useAppStore((state) => state.user !== null)
  // A temporary password keeps the user on /profile/edit first; the pass is read once it is changed.
  const temporaryPassword = useAppStore((state) => state.user?.temporary_password === true)
  const form = useCustomForm(PASSES_FORM_ALIAS)
  if (!signedIn || temporaryPassword) return 'not-needed'
  if (form.isSuccess) return basicPassStatusOf(form.data)
  if (form.isError) return 'not-needed'
  return 'unknown'
}

/** Chooses the free basic pass: posts the passes form with its flag set to 1. */
export function useSelectBasicPass() {
  const submit = useSubmitCustomForm(PASSES_FORM_ALIAS)
  return { ...submit, select: () => submit.mutateAsync(basicPassSelection()) }
}
