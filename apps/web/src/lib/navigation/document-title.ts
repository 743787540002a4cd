/** `<page title> · <channel name>`; either part may be missing. */
export function formatDocumentTitle(
  pageTitle: string | null | undefined,
  channelName: string | null | undefined,
): string {
  return [pageTitle?.trim(), channelName?.trim()].filter(Boolean).join(' · ')
}
