import { useEffect } from 'react'
import { useColorSettings } from '../lib/entities/channel/use-color-settings'
import { applyColorVariables } from '../lib/theme/color-variables'

/** Keeps the CSS variables on :root in step with the channel's colour settings when they are fetched again. */
export function ThemeSync() {
  const colors = useColorSettings()
  useEffect(() => {
    applyColorVariables(colors)
  }, [colors])
  return null
}
