import { AdminImageLimits, AdminImageSchema } from '@fieldhouse/contract'
import { useMutation } from '@tanstack/react-query'
import { useApiKeys } from '../../../lib/api/api-context'
import { ApiRequestError } from '../../../lib/api/api-error'
import { useRuntimeConfig } from '../../../lib/config/runtime-config'
import { useConsoleText } from '../words'

/**
 * `POST /api/admin/images` (the image's own bytes, `Content-Type: image/png`, `image/jpeg` or
 * `image/webp`): a logo, a team's or a slide's image, answered with its address. The api key goes in
 * the Authorization header (an image body is no place for it).
 */
export function useImageUpload() {
  const { apiBase } = useRuntimeConfig()
  const keys = useApiKeys()
  const t = useConsoleText()
  return useMutation({
    mutationFn: async (file: File): Promise<string> => {
      if (!(AdminImageLimits.types as readonly string[]).includes(file.type)) {
        throw new Error(t('field.imageType'))
      }
      if (file.size > AdminImageLimits.maxBytes) throw new Error(t('field.imageSize'))
      const response = await fetch(`${apiBase.replace(/\/+$/, '')}/admin/images`, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': file.type,
          Authorization: `Bearer ${keys.getApiKey() ?? ''}`,
        },
        body: file,
      })
      const data: unknown = await response.json().catch(() => null)
      if (!response.ok) throw new ApiRequestError('http', { status: response.status, data })
      return AdminImageSchema.parse((data as { data: unknown }).data).url
    },
  })
}
