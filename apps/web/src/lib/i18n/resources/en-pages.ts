/**
 * The English words of the FAQ, contacts, about and legal pages.
 */
export const enPages = {
  faq: {
    title: 'Frequently asked questions',
    lead: 'Answers about passes, watching and your account.',
    empty: 'There are no questions on this channel at the moment.',
    stillQuestions: 'Still have a question?',
    contactUs: 'Contact us',
  },
  contacts: {
    title: 'Contact us',
    lead: 'Questions about a pass, a game or your account? We are here to help.',
    details: 'Get in touch',
  },
  about: {
    title: 'About',
    lead: '{{name}} brings you live games, replays and highlights from the teams and schools you follow.',
  },
  legal: {
    privacyTitle: 'Privacy policy',
    termsTitle: 'Terms & conditions',
    missing: 'This document is not available right now. Please contact us if you need a copy.',
  },
}
