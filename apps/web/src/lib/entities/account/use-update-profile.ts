import { type Profile, ProfileSchema, type ProfileUpdate } from '@fieldhouse/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { profileQueryKey } from './use-profile'

/** `POST /api/profile` with `_method=patch`: 422 carries field errors (e.g. `current_password`). */
export function useUpdateProfile() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (update: ProfileUpdate): Promise<Profile> =>
      ProfileSchema.parse((await api.post('profile', { ...update, _method: 'patch' })).data),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey(profile.id), profile)
      useAppStore.getState().setUser(profile)
    },
  })
}
