/**
 * Calendar days in a time zone (the channel's): the contract's format module, which the web shares.
 * Daylight-saving days are 23 or 25 hours long, as the zone's clocks say.
 */
export { dayOf, dayStart, nextDay } from '@fieldhouse/contract'
