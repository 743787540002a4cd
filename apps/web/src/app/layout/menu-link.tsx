import type { MenuItem } from '@fieldhouse/contract'
import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import { SmartLink } from '../../components/ui/smart-link'

/** A channel menu item: router links get the active state, anything else goes through SmartLink. */
export function MenuLink({ item, className, children }: { item: MenuItem; className: string; children?: ReactNode }) {
  if (item.url.startsWith('/') && !item.url.startsWith('//')) {
    return (
      <NavLink to={item.url} className={className} end>
        {children}
        {item.name}
      </NavLink>
    )
  }
  return (
    <SmartLink href={item.url} className={className}>
      {children}
      {item.name}
    </SmartLink>
  )
}
