import { usePassOfKind } from './use-pass-kind'

/** `GET /api/packages/{id}`: one package, team pass, add-on or single-game pass (404 "Pass not found"). */
export function usePackage(id: number | null) {
  return usePassOfKind('packages', id)
}
