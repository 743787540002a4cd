import { usePassList } from './use-pass-kind'

/** `GET /api/packages?no_limit=1` (spec §7): packages, team passes, add-ons and single-game passes. */
export function usePackages({ enabled = true }: { enabled?: boolean } = {}) {
  return usePassList('packages', { enabled })
}
