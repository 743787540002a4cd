import type { ComponentProps, ReactNode } from 'react'
import { Button } from '../../../components/ui/button'

/** A form's actions: its submit button (held while the form is sent, or when there is nothing to send). */
export function SubmitActions({
  disabled,
  variant,
  children,
}: {
  disabled: boolean
  variant?: ComponentProps<typeof Button>['variant']
  /** The submit button's words. */
  children: ReactNode
}) {
  return (
    <div className="console-form__actions">
      <Button type="submit" variant={variant} disabled={disabled}>
        {children}
      </Button>
    </div>
  )
}
