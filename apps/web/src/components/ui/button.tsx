import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Link, type LinkProps } from 'react-router'
import './button.css'

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger'

const classes = (variant: Variant, size: 'md' | 'lg', className?: string) =>
  ['button', `button--${variant}`, size === 'lg' ? 'button--lg' : '', className ?? ''].filter(Boolean).join(' ')

export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: 'md' | 'lg' }) {
  return <button type={type} className={classes(variant, size, className)} {...props} />
}

/** A router link that looks like a button. */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className,
  children,
  ...props
}: LinkProps & { variant?: Variant; size?: 'md' | 'lg'; children: ReactNode }) {
  return (
    <Link className={classes(variant, size, className)} {...props}>
      {children}
    </Link>
  )
}

/**
 * A form's main button: large, under the form, and marked busy while the form is submitted; it is
 * disabled while submitting unless `disabled` says otherwise (a sign-in also waits for a social one).
 */
export function SubmitButton({
  submitting,
  disabled,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'> & { submitting: boolean }) {
  return (
    <Button
      type="submit"
      size="lg"
      className="form__submit"
      disabled={disabled ?? submitting}
      aria-busy={submitting || undefined}
      {...props}
    />
  )
}
