/** The operator console's server texts (ours; the spec shows no admin). */
export const operatorMessages = {
  notOperator: 'You are not an operator of this channel.',
  notAllowed: 'Your role does not allow this.',
  secondFactorRequired: 'Enter the code from your authenticator app first.',
  lastOwner: 'A channel keeps at least one owner: make someone else owner first.',
  otherAddress: 'This invitation is for another email address: sign out and open the link again.',
  signInFirst: 'An account with this address exists: sign in first, then open the link again.',
  totpNotForRole: 'Only owners and managers can turn on a second factor.',
  totpAlreadyOn: 'Two-step sign-in is already on. Turn it off first to set it up again.',
  totpOff: 'Two-step sign-in is not on.',
  totpNotSetUp: 'Set up two-step sign-in first.',
  wrongCode: 'That code is not right or was used already. Enter the current code from your app.',
} as const
