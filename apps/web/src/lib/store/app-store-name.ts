/**
 * The app's persisted store in local storage (`rudy_app`, spec §9): its keys and who is signed in. Apart
 * from the store itself so the page's first script can read the keys without the store's code.
 */
export const APP_STORE_NAME = 'app'
