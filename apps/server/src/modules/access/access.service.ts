import type { Session } from '../keys/keys.service.js'

/**
 * Who may watch what: the one place that decides (issue: the passes capability extends it for paid and
 * pay-per-view events with the viewer's orders).
 */
export interface AccessSubject {
  access_mode: 'free' | 'paid' | 'register' | 'ppv'
}

export class AccessService {
  /** Free: everyone. Register: a signed-in viewer. Paid and pay-per-view: a pass, which comes with payments. */
  hasAccess(session: Session, event: AccessSubject): boolean {
    switch (event.access_mode) {
      case 'free':
        return true
      case 'register':
        return session.userId !== null
      case 'paid':
      case 'ppv':
        return false
    }
  }
}
