/** The fields of a mailed link (`?email=&expires=&signature=`), as given; the contract's schemas judge them. */
export function readSignedLink(search: string): { email: string; expires: string; signature: string } {
  const query = new URLSearchParams(search)
  return {
    email: query.get('email') ?? '',
    expires: query.get('expires') ?? '',
    signature: query.get('signature') ?? '',
  }
}

/** `?email=&token=` of a password-reset link. */
export function readResetLink(search: string): { email: string; token: string } {
  const query = new URLSearchParams(search)
  return { email: query.get('email') ?? '', token: query.get('token') ?? '' }
}
