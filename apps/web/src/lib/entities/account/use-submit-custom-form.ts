import { type CustomForm, CustomFormSchema } from '@fieldhouse/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { customFormQueryKey } from './use-custom-form'

export interface CustomFormField {
  name: string
  value: string | null
}

/** `POST /api/custom-forms/{alias}`; the answer is the stored form, which replaces the cached one. */
export function useSubmitCustomForm(alias: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (fields: CustomFormField[]): Promise<CustomForm> =>
      CustomFormSchema.parse((await api.post(`custom-forms/${encodeURIComponent(alias)}`, { fields })).data),
    onSuccess: (form) => {
      const userId = useAppStore.getState().user?.id
      if (userId !== undefined) queryClient.setQueryData(customFormQueryKey(userId, alias), form)
    },
  })
}
