import { uploadMessages } from '@fieldhouse/contract'
import type { UploadRefusal } from '@fieldhouse/media'

/** What the console tells of a refused upload, in our words. */
export function refusalMessage(refusal: UploadRefusal): string {
  switch (refusal.reason) {
    case 'not-video':
      return uploadMessages.notVideo
    case 'too-long':
      return uploadMessages.tooLong(refusal.durationSec, refusal.maxDurationSec)
    case 'too-few-bytes':
      return uploadMessages.tooFewBytes(refusal.durationSec)
    case 'gap':
      return uploadMessages.gap(refusal.gapSec, refusal.atSec)
    case 'format-changed':
      return uploadMessages.changed
  }
}
