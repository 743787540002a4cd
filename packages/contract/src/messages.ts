/**
 * The product's words (spec §4, §5, §8). Server and web import these; never retype them.
 */
export const messages = {
  // §5 validation
  emailInvalid: 'A valid email address is required',
  /** Ours: spec §5 has the phone pattern but no message for it. */
  phoneInvalid: 'A valid phone number is required',
  fieldRequired: 'Field is required',
  enterEmail: 'Enter your Email',
  enterFirstName: 'Enter your first name',
  enterLastName: 'Enter your last name',
  passwordTooShort: 'The password is too short',
  passwordMismatch: 'The password and password confirmation do not match',
  passwordMismatchShort: "PASSWORDS DON'T MATCH",
  acceptTerms: 'Please accept terms & conditions',
  socialNotRegistered: 'You are not registered yet. Please accept terms and conditions and click Register to continue.',
  clipTagRequired: 'Please select tag',
  clipNameRequired: 'Please fill in the input field',
  clipDurationTooLong: 'Your clip duration is longer than the end time',
  paymentCardRequired: 'Please select one of your saved cards or enter new one.',
  wrongPromoCode: 'Wrong promo code',
  loginRequired: 'user must be logged in',
  idNotSelected: 'id not selected',
  passNotFound: 'Pass not found',
  // Ours for payments, where the spec has none (decision 10)
  singleEventPackageRequired: 'Paid events require a single-event package id.',
  trialUnavailable: 'The free trial is for new subscribers only.',
  trialNeedsCard: 'A free trial needs a card: it is charged when the trial ends unless you cancel.',
  trialNoPromoCode: 'A promo code cannot be used with a free trial.',
  notSubscription: 'Only subscriptions renew.',
  testModeCardsOnly: 'Test mode: use a test card such as 4242 4242 4242 4242.',
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  // §4
  cannotLogout: "user can't be logged out",
  // §8 server error texts
  emailTaken: 'The email address you have entered is already registered.',
  wrongAuthData: 'Wrong auth data.',
  alreadyLoggedIn: 'You are already logged in.',
  verificationFailed: 'Verification failed.',
  emailAlreadyVerified: 'Email already verified.',
  userNotFound: 'User not found.',
  resetKeyExpired: 'Reset password key expired.',
  resetFailed: 'Reset password failed.',
  canceled: 'ERR_CANCELED',
  recaptchaRequired: 'Google recaptcha token required.',
  recaptchaInvalid: 'Google recaptcha token is invalid or you look like a robot.',
  noChannelOrApiKey: 'No chanel or api key found.',
  // §8 user-visible
  invalidCredentials: 'Invalid email or password. Please try again.',
  somethingWentWrong: 'Something went wrong. Please try again or contact technical support.',
  undefinedError: 'Undefined error.',
  verificationFailedUser: 'Verification your email address failed.',
  emailAlreadyVerifiedUser: 'Your email already verified.',
  // §2, §6
  notFoundTitle: 'Hmm... Sorry! Game Not Found',
  apiKeyErrorScreen:
    'Whoops! Apologies! Our service is currently experiencing technical difficulties, please refresh the page',
  reloadPage: 'Reload page',
  geoBlocked: "We're sorry, but this content is not available in your region",
  // Ours, where the spec has none (recorded in docs/decisions/0004-error-texts.md)
  notFound: 'Not found.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  payloadTooLarge: 'The request is too large.',
  validationFailed: 'The given data was invalid.',
  serverError: 'Something went wrong. Please try again or contact technical support.',
  temporaryPassword: 'Please choose a new password to replace your temporary one.',
  emailNotVerified: 'Please confirm your email address first: we have sent you a new link.',
  accountBlocked: 'This account has been blocked. Please contact technical support.',
  mustSignInToWatch: 'Please sign in to watch this event.',
  noAccessToWatch: 'You need a pass to watch this.',
  noVideoYet: 'There is no video to play yet.',
  downloadNotAllowed: 'Downloading events is not part of your pass.',
  mediaTokenInvalid: 'This video link has expired. Reload the page to keep watching.',
  tooManyStreams: 'You are watching on too many devices',
  streamStopped: 'Playback stopped: it was stopped from another of your devices.',
  streamReplaced: 'Playback stopped: your account started watching on another device.',
  checkoutInProgress: 'A payment for this pass is already on its way. Please wait a moment for its outcome.',
  checkoutReplaced: 'This checkout was replaced by a newer one with another card or promo code. Nothing was charged.',
} as const

export type MessageKey = keyof typeof messages

/** "You already bought this {type}." */
export const alreadyBought = (type: string) => `You already bought this ${type}.`

/** "Reload page after N seconds" */
export const reloadPageAfter = (seconds: number) => `Reload page after ${seconds} seconds`

/** Spec §5 length rule: "the field length must be greater than {number} or less than {number}". */
export const lengthGreaterThan = (n: number) => `The field length must be greater than ${n}`
export const lengthLessThan = (n: number) => `The field length must be less than ${n}`
