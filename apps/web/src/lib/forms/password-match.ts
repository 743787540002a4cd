import { messages } from '@fieldhouse/contract'

/**
 * The browser's check of a password's confirmation as the viewer types it (spec §5: "PASSWORDS DON'T
 * MATCH"), before any submit: nothing while the confirmation is empty or still on its way to the
 * password (a beginning of it), the spec's short form once it has gone astray or is longer. On submit
 * the contract's schema speaks, in the long form ("The password and password confirmation do not
 * match"), as the server does.
 */
export function confirmationMismatch(password: string, confirmation: string): string | null {
  if (!confirmation || password.startsWith(confirmation)) return null
  return messages.passwordMismatchShort
}
